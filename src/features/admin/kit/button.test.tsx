import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Save } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from './button'

describe('the admin button', () => {
  it('shows its words and acts when pressed', async () => {
    const onClick = vi.fn()
    render(
      <Button icon={Save} onClick={onClick} busyLabel="Saving…">
        Save changes
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Save changes' })
    expect(button.getAttribute('aria-busy')).toBeNull()
    expect((button as HTMLButtonElement).disabled).toBe(false)
    await userEvent.click(button)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('while busy, says its busy words, tells assistive technology and cannot be pressed again', async () => {
    const onClick = vi.fn()
    render(
      <Button type="submit" variant="secondary" busy busyLabel="Changing…" onClick={onClick}>
        Change password
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Changing…' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByText('Change password')).toBeNull()
    await userEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })

  it('says "Saving…" when busy without words of its own, and its words again once done', () => {
    const { rerender } = render(<Button busy>Save</Button>)
    expect(screen.getByRole('button').textContent).toBe('Saving…')
    rerender(<Button busy={false}>Save</Button>)
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button.getAttribute('aria-busy')).toBeNull()
    expect((button as HTMLButtonElement).disabled).toBe(false)
  })

  it('stays disabled when told so, busy or not', () => {
    render(<Button disabled>Next</Button>)
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
