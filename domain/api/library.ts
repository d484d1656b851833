import { answers, contract } from './contract'
import { ENDPOINTS } from '#domain/endpoints.ts'
import { CONTENT_MESSAGES, ContentInputSchema, type ContentItem } from '#domain/content-item.ts'
import { MEDIA_MESSAGES, MediaStartSchema, type MediaListItem, type MediaUpload, type MediaUse } from '#domain/media.ts'
import { RESOURCE_MESSAGES, ResourceInputSchema, ResourceUpdateSchema, type Resource } from '#domain/resource.ts'

/** What the site shows besides posts: free resources, her texts, and the media library's files. */

export const adminResources = contract({
  endpoint: ENDPOINTS.adminResources,
  methods: {
    GET: {
      access: 'editor',
      answers: '`resources`, with exact download counts and authors',
      answer: answers<{ resources: Resource[] }>(),
    },
    POST: {
      access: 'editor',
      sends: 'title, description, type, fileUrl, thumbnailUrl, thumbnailAlt (its description, optional), isActive',
      answers: '201, `resource`, "Resource created successfully"',
      body: ResourceInputSchema,
      status: 201,
      answer: answers<{ resource: Resource; message: string }>(),
    },
    PUT: {
      access: 'editor',
      sends: 'id and the same fields',
      answers: '`resource`, "Resource updated successfully"; 404 "Resource not found"',
      body: ResourceUpdateSchema,
      answer: answers<{ resource: Resource; message: string }>(),
    },
  },
})

export const adminResource = contract({
  endpoint: ENDPOINTS.adminResource,
  ids: { id: RESOURCE_MESSAGES.notFound },
  methods: {
    DELETE: {
      access: 'editor',
      answers: '"Resource deleted successfully"',
      answer: answers<{ message: string }>(),
    },
  },
})

export const adminContent = contract({
  endpoint: ENDPOINTS.adminContent,
  methods: {
    GET: {
      access: 'editor',
      answers: '`content`: every item, by section and key; `builtIn: true` on a text the local demo seed stored, which reads as built-in until saved',
      answer: answers<{ content: ContentItem[] }>(),
    },
    POST: {
      access: 'editor',
      sends: 'section, key, value, type',
      answers: '`item`, "Content saved successfully"; creates the item, or replaces the one with the same section and key',
      body: ContentInputSchema,
      answer: answers<{ item: ContentItem; message: string }>(),
    },
  },
})

export const adminContentItem = contract({
  endpoint: ENDPOINTS.adminContentItem,
  ids: { id: CONTENT_MESSAGES.notFound },
  methods: {
    DELETE: {
      access: 'editor',
      answers: '"Content deleted successfully"; 404 "Content item not found"',
      answer: answers<{ message: string }>(),
    },
  },
})

export const adminMedia = contract({
  endpoint: ENDPOINTS.adminMedia,
  methods: {
    GET: {
      access: 'editor',
      answers:
        '`files`: every ready library file (the record, `url`, and `usedIn`: kind, id, label and field of each place that links to it), newest first',
      answer: answers<{ files: MediaListItem[] }>(),
    },
    POST: {
      access: 'editor',
      sends: "name, size, type (the browser's guess)",
      answers:
        '201, `upload` (id, partSize, parts); 400 "That file is too large. Files can be at most 20.9 MB.", "That file is empty.", or for a declared SVG, HTML or program type the refusal below',
      body: MediaStartSchema,
      status: 201,
      answer: answers<{ upload: MediaUpload }>(),
    },
  },
})

export const adminMediaFile = contract({
  endpoint: ENDPOINTS.adminMediaFile,
  ids: { id: MEDIA_MESSAGES.notFound },
  methods: {
    DELETE: {
      access: 'editor',
      sends: '`force=1` (query) to delete a file still in use',
      answers:
        '"File deleted"; 409 with `usedIn` and "This file is used in {places}. Deleting it breaks those links." unless `force=1`; 404 "File not found"',
      answer: answers<{ message: string; usedIn?: MediaUse[] }>(),
    },
  },
})

export const adminMediaPart = contract({
  endpoint: ENDPOINTS.adminMediaPart,
  ids: { id: MEDIA_MESSAGES.uploadNotFound },
  methods: {
    PUT: {
      access: 'editor',
      sends: 'part n (from 1) as raw bytes, exactly partSize long (the last: the rest)',
      answers:
        '`{ success: true }`, also for the same bytes sent again (a part is written once); 400 "That part is not the size this upload expects." or "That part is not part of this upload."; 404 "This upload was not found. Please upload the file again."; 409 "This upload is already complete." or, for other bytes than the part already holds, "That part has already arrived with other bytes. Please upload the file again."; 413 past the part size',
      accepts: ['bytes'],
    },
  },
})

export const adminMediaComplete = contract({
  endpoint: ENDPOINTS.adminMediaComplete,
  ids: { id: MEDIA_MESSAGES.uploadNotFound },
  methods: {
    POST: {
      access: 'editor',
      answers:
        '`file`, "File uploaded"; 400 "Part {n} of {parts} never arrived. …", "The file that arrived is not the size that was announced. …", or a refusal of what the first bytes show (the upload is then deleted)',
      answer: answers<{ file: MediaListItem; message: string }>(),
    },
  },
})
