import { bookableServices, listedServiceTitles, type Availability, type BookableService } from '#domain/availability.ts'
import { SESSION_MESSAGES, type PublicOffer } from '#domain/booking-session.ts'
import { toSiteTexts } from '#domain/content-item.ts'
import { availability } from '#lib/data/availability.ts'
import { content } from '#lib/data/content.ts'
import { HttpError } from '#lib/http/http-error.ts'

/** What can be booked now: her availability and the services set up there that the Services page still lists. */
export async function bookingOffer(): Promise<{ availability: Availability; services: BookableService[] }> {
  const [saved, items] = await Promise.all([availability.get(), content.list()])
  return { availability: saved, services: bookableServices(saved, listedServiceTitles(toSiteTexts(items))) }
}

/**
 * What a visitor is told of the services she can book online: each with its length and where it
 * happens (the confirmation line is left out: it is for the people who booked), her zone, and how
 * many days ahead her calendar is open. The services call answers it, and Book Now is drawn with it.
 */
export async function publicOffer(): Promise<PublicOffer> {
  const { availability, services } = await bookingOffer()
  return {
    services: services.map(({ name, minutes, location }) => ({
      name,
      minutes,
      location: location.text ? { kind: location.kind, text: location.text } : { kind: location.kind },
    })),
    timeZone: availability.timeZone,
    horizonDays: availability.horizonDays,
  }
}

/** A bookable service by its exact name (a list is searched: no name, `__proto__` included, can reach an object's own properties). */
export function bookableService(services: readonly BookableService[], name: string): BookableService {
  const service = services.find((candidate) => candidate.name === name)
  if (!service) throw new HttpError(404, SESSION_MESSAGES.notBookable)
  return service
}
