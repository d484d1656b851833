import { useId } from 'react'
import { PASSWORD_MIN, ROLES, UserInputSchema, type UserInput } from '../../../../domain/admin-user'
import { describedBy, Field } from './field'
import { useSchemaForm } from '../use-schema-form'
import styles from './admin-ui.module.css'

export function UserForm({ onSave, onCancel }: { onSave: (input: UserInput) => Promise<boolean>; onCancel: () => void }) {
  const id = useId()
  const { values, errors, saving, set, submit } = useSchemaForm(
    UserInputSchema,
    { username: '', email: '', password: '', role: 'editor' as UserInput['role'] },
    onSave,
  )

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Add user">
      <div className={styles.formGrid}>
        <Field id={`${id}-username`} label="Username" error={errors.username}>
          <input
            id={`${id}-username`}
            className="input"
            autoComplete="off"
            value={values.username}
            onChange={set('username')}
            {...describedBy(`${id}-username`, errors.username)}
          />
        </Field>
        <Field id={`${id}-email`} label="Email" error={errors.email}>
          <input
            id={`${id}-email`}
            className="input"
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={set('email')}
            {...describedBy(`${id}-email`, errors.email)}
          />
        </Field>
        <Field id={`${id}-password`} label="Password" error={errors.password} hint={`At least ${PASSWORD_MIN} characters.`}>
          <input
            id={`${id}-password`}
            className="input"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            {...describedBy(`${id}-password`, errors.password)}
          />
        </Field>
        <Field id={`${id}-role`} label="Role" error={errors.role}>
          <select id={`${id}-role`} className="input" value={values.role} onChange={set('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role === 'admin' ? 'Admin' : 'Editor'}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className={styles.formActions}>
        <button type="submit" className="btn btn-secondary btn-small" disabled={saving}>
          {saving ? 'Creating…' : 'Create user'}
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
