import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CheckboxField, FileField, SelectField, TextAreaField, TextField } from './field'

describe('admin fields', () => {
  it('label their own control', () => {
    render(
      <>
        <TextField label="Title" value="" onChange={() => {}} />
        <TextAreaField label="Excerpt" value="" onChange={() => {}} />
        <SelectField label="Status" value="draft" onChange={() => {}} options={{ draft: 'Draft', published: 'Published' }} />
      </>,
    )
    expect(screen.getByRole('textbox', { name: 'Title' }).tagName).toBe('INPUT')
    expect(screen.getByRole('textbox', { name: 'Excerpt' }).tagName).toBe('TEXTAREA')
    const status = screen.getByRole('combobox', { name: 'Status' })
    expect([...status.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Draft', 'Published'])
  })

  it('show the hint under the field and describe the control with it', () => {
    render(<TextField label="Password" hint="At least 8 characters." value="" onChange={() => {}} />)
    const input = screen.getByLabelText('Password')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByText('At least 8 characters.').id).toBe(input.getAttribute('aria-describedby'))
  })

  it('replace the hint with the error and mark the control invalid', () => {
    render(<TextField label="Password" hint="At least 8 characters." error="Password is required" value="" onChange={() => {}} />)
    const input = screen.getByLabelText('Password')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Password is required').id).toBe(input.getAttribute('aria-describedby'))
    expect(screen.queryByText('At least 8 characters.')).toBeNull()
  })

  it('tick a checkbox by its label, and show its error under it, marking it invalid', async () => {
    const onChange = vi.fn()
    const { rerender } = render(<CheckboxField label="These people asked to receive my newsletter" checked={false} onChange={onChange} />)
    const box = screen.getByRole('checkbox', { name: 'These people asked to receive my newsletter' })
    expect(box.getAttribute('aria-invalid')).toBeNull()
    expect(box.getAttribute('aria-describedby')).toBeNull()
    await userEvent.click(screen.getByText('These people asked to receive my newsletter'))
    expect(onChange).toHaveBeenCalledWith(true)

    rerender(
      <CheckboxField
        label="These people asked to receive my newsletter"
        checked={false}
        error="Please confirm that these people asked to receive your newsletter."
        onChange={onChange}
      />,
    )
    const invalid = screen.getByRole('checkbox', { name: 'These people asked to receive my newsletter' })
    expect(invalid.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Please confirm that these people asked to receive your newsletter.').id).toBe(
      invalid.getAttribute('aria-describedby'),
    )
  })

  it('give the chosen file once, empty the field for the next choice, and show its error under it', () => {
    const onFile = vi.fn()
    const { rerender } = render(<FileField label="CSV file" hint="Up to 5 MB." accept=".csv" onFile={onFile} />)
    const input = screen.getByLabelText('CSV file') as HTMLInputElement
    expect(input.type).toBe('file')
    expect(screen.getByText('Up to 5 MB.').id).toBe(input.getAttribute('aria-describedby'))
    const file = new File(['email\n'], 'people.csv', { type: 'text/csv' })
    fireEvent.change(input, { target: { files: [file] } })
    expect(onFile).toHaveBeenCalledExactlyOnceWith(file)
    expect(input.value).toBe('')

    rerender(<FileField label="CSV file" hint="Up to 5 MB." error="This file is larger than 5 MB." accept=".csv" onFile={onFile} />)
    const invalid = screen.getByLabelText('CSV file')
    expect(invalid.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('This file is larger than 5 MB.').id).toBe(invalid.getAttribute('aria-describedby'))
    expect(screen.queryByText('Up to 5 MB.')).toBeNull()
  })
})
