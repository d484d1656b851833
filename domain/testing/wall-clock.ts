/**
 * A zone's wall clock at an instant, read by Intl rather than by the code under test: the slot
 * tests check the slots against what a clock in that zone shows.
 */
export type WallClock = { year: string; month: string; day: string; hour: string; minute: string; timeZoneName: string }

export function wallClockReader(timeZone: string): (instant: number | string) => WallClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  })
  return (instant) => Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value])) as WallClock
}
