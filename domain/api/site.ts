import { answers, contract } from './contract'
import { ENDPOINTS } from '#domain/endpoints.ts'
import type { PostSummary, RenderedPost } from '#domain/blog-post.ts'
import { BookingRequestSchema } from '#domain/booking.ts'
import type { SiteTexts } from '#domain/content-item.ts'
import type { PublicResource } from '#domain/resource.ts'
import { RESOURCE_MESSAGES } from '#domain/resource.ts'
import { ConfirmSubscriptionSchema, SubscribeSchema, SubscriberListQuerySchema, type Subscriber } from '#domain/subscriber.ts'

/** The calls the public pages make, and the ones mail providers and SendGrid make. */

export const content = contract({
  endpoint: ENDPOINTS.content,
  methods: {
    GET: {
      access: 'public',
      answers: '`content`: the editable texts as `{ section: { key: value } }`',
      answer: answers<{ content: SiteTexts }>(),
    },
  },
})

export const resources = contract({
  endpoint: ENDPOINTS.resources,
  methods: {
    GET: {
      access: 'public',
      answers:
        '`resources`: the active resources (id, title, description, type, fileUrl, thumbnailUrl, thumbnailAlt, isActive); no download counts or authors',
      answer: answers<{ resources: PublicResource[] }>(),
    },
  },
})

export const resourceDownload = contract({
  endpoint: ENDPOINTS.resourceDownload,
  ids: { id: RESOURCE_MESSAGES.notFound },
  methods: {
    POST: {
      access: 'public',
      sends: 'no body',
      answers: '`{ success: true }`; 404 "Resource not found" for an unknown or inactive id; 429 past the limit (the file still opens)',
    },
  },
})

export const blogPosts = contract({
  endpoint: ENDPOINTS.blogPosts,
  methods: {
    GET: {
      access: 'public',
      sends: '`slug` (query, optional)',
      answers:
        'without `slug`: `blogPosts`, the published posts, newest first, every field but the body; with `slug`: `blogPost`, one published post with its body and the sanitized HTML; 404 "Blog post not found"',
      answer: answers<{ blogPosts: PostSummary[] } | { blogPost: RenderedPost }>(),
    },
  },
})

export const subscribers = contract({
  endpoint: ENDPOINTS.subscribers,
  methods: {
    POST: {
      access: 'public',
      sends: '`email` (JSON), or the form fields `email` and `page`',
      answers:
        '`message` "Subscribed successfully!", also for an address already subscribed (the page then shows "Almost there: we have sent you an email." and how to confirm, the same words for every address); stores the address as pending, and sends the confirmation email after answering (the answer, its headers and the storage requests before it are the same whatever the address\'s state); 400 "Please enter a valid email"; 429',
      body: SubscribeSchema,
      accepts: ['form'],
      answer: answers<{ message: string }>(),
    },
    GET: {
      access: 'editor',
      answers:
        '`subscribers` (id, email, created_at, state, confirmed_at, stopped_at, stopped_reason), `page`, `pageSize` (50), `hasMore`; search matches the start of the address; `state` (`pending`, `confirmed`, `bounced` or `complained`, optional) keeps only those, 400 for another value',
      query: SubscriberListQuerySchema,
      answer: answers<{ subscribers: Subscriber[]; page: number; pageSize: number; hasMore: boolean }>(),
    },
  },
})

export const subscriberConfirm = contract({
  endpoint: ENDPOINTS.subscriberConfirm,
  methods: {
    POST: {
      access: 'public',
      sends: '`token` (JSON), from the confirmation link',
      answers:
        '`status` "confirmed" with `message` "Thank you! Your subscription is confirmed.", or `status` "already-confirmed" with "Your subscription was already confirmed. Nothing more to do."; 400 "This confirmation link has expired or is not valid. Please subscribe again." for a forged, expired or other-purpose token or a signup no longer stored; 400 "We can no longer send email to this address, so it cannot be confirmed. If that seems wrong, please get in touch." for a bounced or spam-marked address (no welcome email); 405 to GET',
      body: ConfirmSubscriptionSchema,
      answer: answers<{ status: 'confirmed' | 'already-confirmed'; message: string }>(),
    },
  },
})

export const unsubscribe = contract({
  endpoint: ENDPOINTS.unsubscribe,
  methods: {
    POST: {
      access: 'public',
      sends: '`email` and `token` in the query (the emailed link); no body needed',
      answers:
        '`message` "You have been unsubscribed."; 400 "This unsubscribe link is not valid." (a bounced or spam-marked address gets the same success and stays stopped)',
      accepts: ['form', 'multipart'],
      answer: answers<{ message: string }>(),
    },
  },
})

export const booking = contract({
  endpoint: ENDPOINTS.booking,
  methods: {
    POST: {
      access: 'public',
      sends: 'firstName, lastName, email, phone, company, country, service, message (JSON or form fields)',
      answers: '`message` "Thanks! Your request has been sent. We\'ll be in touch shortly."; 400 with the first failing check; 429',
      body: BookingRequestSchema,
      accepts: ['form'],
      answer: answers<{ message: string }>(),
    },
  },
})

export const sendgridEvents = contract({
  endpoint: ENDPOINTS.sendgridEvents,
  methods: {
    POST: {
      access: 'sendgrid',
      sends:
        "SendGrid's Event Webhook: a JSON array of events (at most 1 MB, 5,000 events), signed (`X-Twilio-Email-Event-Webhook-Signature`, `X-Twilio-Email-Event-Webhook-Timestamp`)",
      answers:
        '`{ success: true }` once applied, also for events it ignores and addresses not on the list; 401 without the signature headers and 403 for a signature that does not verify or a timestamp more than 10 minutes old (both "This request is not signed by SendGrid."); 413 over 1 MB; 400 for a body that is not a JSON array or holds more than 5,000 events; 503 "The SendGrid event webhook is not set up on this site." while `SENDGRID_WEBHOOK_PUBLIC_KEY` is unset or not a key',
    },
  },
})
