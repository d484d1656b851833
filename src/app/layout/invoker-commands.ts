// Invoker commands (HTML's `commandfor` and `command`): a button that opens or closes a dialog
// with no script. React passes them through as plain attributes; its types do not list them yet.
// Types only: importing this adds nothing to the page's code.
export {}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- must match React's own declaration
  interface ButtonHTMLAttributes<T> {
    commandfor?: string
    command?: 'show-modal' | 'close' | 'request-close'
  }
}
