// subset-font ships no types; this is the part of its API scripts/subset-fonts.ts uses.
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2'
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>
    keepFeatures?: string[]
    noHinting?: boolean
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>
}
