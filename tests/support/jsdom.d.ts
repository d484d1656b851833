// jsdom (a devDependency) ships no types and @types/jsdom is not installed: this declares the
// calls the tests make. Drop it if @types/jsdom is ever added.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string })
    readonly window: Window & typeof globalThis
    static fragment(html: string): DocumentFragment
  }
}
