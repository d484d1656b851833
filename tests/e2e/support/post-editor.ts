import type { Locator, Page } from '@playwright/test'

/** A text written in the editor (a post's Content, a newsletter's Message): its writing area, named by its label. */
export const editorBody = (scope: Locator | Page, label: string) => scope.getByRole('textbox', { name: label, exact: true })

/** A button of that editor's toolbar ("Bold", "Heading", …). */
export const editorTool = (scope: Locator | Page, label: string, name: string) =>
  scope.getByRole('toolbar', { name: `Formatting for ${label}` }).getByRole('button', { name, exact: true })

/** The post form's body. */
export const postBody = (form: Locator) => editorBody(form, 'Content')

/**
 * Types into the post body as she would, a paragraph a line (Enter between them): the editor's
 * own shortcuts turn "## " into a heading and **words** into bold as they are typed.
 */
export async function typePostBody(form: Locator, lines: string[]) {
  const body = postBody(form)
  await body.click()
  for (const [i, line] of lines.entries()) {
    if (i > 0) await body.press('Enter')
    await body.pressSequentially(line)
  }
}
