// jsdom (a devDependency) ships no types and @types/jsdom is not installed: this declares the one
// call the tests make. Drop it if @types/jsdom is ever added.
declare module 'jsdom' {
  export class JSDOM {
    static fragment(html: string): DocumentFragment
  }
}
