import { bookableServices, listedServiceTitles, type Availability, type BookableService } from '#domain/availability.ts'
import { SESSION_MESSAGES } from '#domain/booking-session.ts'
import { toSiteTexts } from '#domain/content-item.ts'
import { availability } from '#lib/data/availability.ts'
import { content } from '#lib/data/content.ts'
import { HttpError } from '#lib/http/http-error.ts'

/** What can be booked now: her availability and the services set up there that the Services page still lists. */
export async function bookingOffer(): Promise<{ availability: Availability; services: BookableService[] }> {
  const [saved, items] = await Promise.all([availability.get(), content.list()])
  return { availability: saved, services: bookableServices(saved, listedServiceTitles(toSiteTexts(items))) }
}

/** A bookable service by its exact name (a list is searched: no name, `__proto__` included, can reach an object's own properties). */
export function bookableService(services: readonly BookableService[], name: string): BookableService {
  const service = services.find((candidate) => candidate.name === name)
  if (!service) throw new HttpError(404, SESSION_MESSAGES.notBookable)
  return service
}
