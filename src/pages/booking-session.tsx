import { lazy } from 'react'

/*
 * The pages the links in a booked session's emails open. Their code (the day and time picker
 * among it) is a chunk of its own, loaded from here: the app's route table, which every page
 * loads first, then names only this small module.
 */
const pages = () => import('./booking/session-link-page')
const Reschedule = lazy(async () => ({ default: (await pages()).ReschedulePage }))
const Cancel = lazy(async () => ({ default: (await pages()).CancelPage }))

export function ReschedulePage() {
  return <Reschedule />
}

export function CancelPage() {
  return <Cancel />
}
