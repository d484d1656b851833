import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'

/**
 * A stand-in for SendGrid's side of the Signed Event Webhook: a P-256 key pair made for the test,
 * and signatures made as SendGrid makes them (the library's source, node_modules/@sendgrid/
 * eventwebhook and starkbank-ecdsa): ECDSA with SHA-256 over the timestamp header's text followed
 * by the raw body, DER-encoded, in base64.
 */
export type WebhookSigner = {
  /** The public key as SendGrid's settings page shows it: the DER of the key, in base64. */
  publicKey: string
  sign(body: string | Uint8Array, timestamp: string): string
  /** The headers SendGrid sends with `body`, signed now (or at `at`, in seconds). */
  headers(body: string | Uint8Array, at?: number): Record<string, string>
}

export function webhookSigner(): WebhookSigner {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return signerFor(privateKey, publicKey.export({ type: 'spki', format: 'der' }).toString('base64'))
}

function signerFor(privateKey: KeyObject, publicKey: string): WebhookSigner {
  const signer: WebhookSigner = {
    publicKey,
    sign: (body, timestamp) =>
      sign('sha256', Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]), { key: privateKey, dsaEncoding: 'der' }).toString(
        'base64',
      ),
    headers: (body, at = Math.floor(Date.now() / 1000)) => ({
      'content-type': 'application/json',
      'X-Twilio-Email-Event-Webhook-Signature': signer.sign(body, String(at)),
      'X-Twilio-Email-Event-Webhook-Timestamp': String(at),
    }),
  }
  return signer
}

/** A SendGrid event as its webhook sends it, with the fields every event carries. */
export function sendgridEvent(event: string, email: string, more: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email,
    timestamp: Math.floor(Date.now() / 1000),
    'smtp-id': '<14c5d75ce93.dfd.64b469@ismtpd-555>',
    event,
    sg_event_id: 'sg-event-id-0123456789',
    sg_message_id: '14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0',
    ...more,
  }
}
