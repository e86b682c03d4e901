// A button's invoker command (HTML's commandfor and command attributes), which React renders as
// it renders any lower-case attribute but @types/react does not type yet.
import 'react'

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    /** The id of the element the command acts on (a dialog or a popover). */
    commandfor?: string
    /** What the button does to that element; a custom command starts with two dashes. */
    command?:
      | 'show-modal'
      | 'close'
      | 'request-close'
      | 'show-popover'
      | 'hide-popover'
      | 'toggle-popover'
      | `--${string}`
  }
}
