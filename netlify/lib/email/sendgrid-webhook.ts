import { EventWebhook, EventWebhookHeader } from '@sendgrid/eventwebhook'
import { SENDGRID_SIGNATURE_MAX_AGE_SECONDS } from '#domain/sendgrid-event.ts'
import { env } from '#lib/config/env.ts'
import { HttpError } from '#lib/http/http-error.ts'

/**
 * SendGrid's Signed Event Webhook: each POST carries an ECDSA (P-256, SHA-256) signature of the
 * timestamp header followed by the raw body, made with SendGrid's private key; the public key is
 * the setting SENDGRID_WEBHOOK_PUBLIC_KEY (README, Email settings). SendGrid's own library checks
 * it. Every refusal says the same, so a caller learns nothing about which check failed.
 */
const webhook = new EventWebhook()
type PublicKey = ReturnType<EventWebhook['convertPublicKeyToECDSA']>

const NOT_SIGNED = 'This request is not signed by SendGrid.'
// A DER signature of P-256 is at most 72 bytes (96 in base64): anything longer is not one.
const SIGNATURE = /^[\w+/]{1,200}={0,2}$/
// Seconds since 1970, digits only: nothing can move between the timestamp and the body it is
// signed with (the body, a JSON array, starts with "[").
const TIMESTAMP = /^\d{1,12}$/
const FUTURE_SKEW_SECONDS = 5 * 60

// Checking the key's point costs a few milliseconds: converted once per key text.
let cached: { text: string; key: PublicKey | null } | undefined

function convert(text: string): PublicKey | null {
  try {
    return webhook.convertPublicKeyToECDSA(text)
  } catch {
    return null
  }
}

/** The verification key, or a 503 when none (or no usable one) is set: nothing is read or changed then. */
export function webhookKey(): PublicKey {
  const text = env('SENDGRID_WEBHOOK_PUBLIC_KEY')?.trim()
  if (!text) throw new HttpError(503, 'The SendGrid event webhook is not set up on this site.')
  if (cached?.text !== text) {
    cached = { text, key: convert(text) }
  }
  if (!cached.key) throw new HttpError(503, 'The SendGrid event webhook is not set up on this site.')
  return cached.key
}

export type SignedHeaders = { signature: string; timestamp: string }

/**
 * The signature headers, checked before the body is read: 401 when they are missing, 403 when
 * they cannot be a signature or the timestamp is outside the accepted window (a replay of an old
 * batch).
 */
export function signedHeaders(req: Request, now = Date.now()): SignedHeaders {
  const signature = req.headers.get(EventWebhookHeader.SIGNATURE())
  const timestamp = req.headers.get(EventWebhookHeader.TIMESTAMP())
  if (!signature || !timestamp) throw new HttpError(401, NOT_SIGNED)
  if (!SIGNATURE.test(signature) || !TIMESTAMP.test(timestamp)) throw new HttpError(403, NOT_SIGNED)
  const age = now / 1000 - Number(timestamp)
  if (age > SENDGRID_SIGNATURE_MAX_AGE_SECONDS || age < -FUTURE_SKEW_SECONDS) throw new HttpError(403, NOT_SIGNED)
  return { signature, timestamp }
}

/** Throws 403 unless the signature verifies for this exact body and timestamp. */
export function verifySignature(key: PublicKey, { signature, timestamp }: SignedHeaders, body: Uint8Array): void {
  if (!verifies(key, signature, timestamp, body)) throw new HttpError(403, NOT_SIGNED)
}

function verifies(key: PublicKey, signature: string, timestamp: string, body: Uint8Array): boolean {
  try {
    return webhook.verifySignature(key, Buffer.from(body), signature, timestamp)
  } catch {
    // A signature that is not DER at all: the library throws rather than answering false.
    return false
  }
}
