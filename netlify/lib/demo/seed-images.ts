import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { mediaPath } from '#domain/media.ts'
import { media } from '#lib/data/media.ts'
import { DEMO_CREATED_BY } from './content'
import { DEMO_IMAGES, type DemoImage } from '#lib/demo/images/index.ts'

/**
 * Puts the demo illustrations into the media library, as an upload from the admin would (in
 * parts, recognised by their first bytes), and answers each file's address by its name. A file
 * already in the library is reused. Local development only: the files are read from the
 * repository, which is the folder every local server runs in.
 */
export async function seedDemoImages(): Promise<Map<string, string>> {
  const library = await media.list()
  const urls = new Map<string, string>()
  for (const image of DEMO_IMAGES) {
    const present = library.find((file) => file.name === image.file)
    urls.set(image.file, mediaPath(present ?? (await upload(image))))
  }
  return urls
}

async function upload(image: DemoImage) {
  const bytes = new Uint8Array(await readFile(path.join(process.cwd(), 'netlify/lib/demo/images', image.file)))
  const file = await media.start({ name: image.file, size: bytes.byteLength, type: 'image/webp' }, DEMO_CREATED_BY)
  for (let part = 1; part <= file.parts; part++)
    await media.putPart(file.id, part, bytes.subarray((part - 1) * file.partSize, part * file.partSize))
  return (await media.complete(file.id)).file
}
