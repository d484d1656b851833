import type { Locator } from '@playwright/test'

/** The post form's body: the editor's writing area, named by its label. */
export const postBody = (form: Locator) => form.getByRole('textbox', { name: 'Content', exact: true })

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
