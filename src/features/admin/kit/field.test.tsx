import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SelectField, TextAreaField, TextField } from './field'

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
})
