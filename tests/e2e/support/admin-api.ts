import { expect, type APIRequestContext } from '@playwright/test'
import type { AvailabilityInput } from '#domain/availability.ts'
import { DEMO_CREDENTIALS } from '#lib/demo/content.ts'

/**
 * The real functions, called the way the admin panel calls them: a token from POST
 * /api/admin/login with the demo admin, then Bearer calls. Tests use these to shape the data a
 * visitor then sees (empty lists, a post with a given body, a resource with a broken thumbnail).
 */

export type AdminResource = {
  id: string
  title: string
  type: string
  fileUrl: string
  isActive: boolean
  downloadCount: number
}

export type AdminPost = { id: string; slug: string; title: string; status: string }

export type PostFields = {
  title: string
  excerpt: string
  content: string
  status?: 'draft' | 'scheduled' | 'published'
  tags?: string[]
  featuredImage?: string
  featuredImageAlt?: string
  slug?: string
  publishAt?: string
}

export type ResourceFields = {
  title: string
  description: string
  type: 'ebook' | 'guide' | 'template' | 'video'
  fileUrl: string
  thumbnailUrl?: string
  thumbnailAlt?: string
  isActive?: boolean
}

type ListedSubscriber = { id: string; email: string; created_at: string; state: 'pending' | 'confirmed' }

export class AdminApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async login(request: APIRequestContext): Promise<AdminApi> {
    const response = await request.post('/api/admin/login', { data: DEMO_CREDENTIALS.admin })
    expect(response.status(), 'demo admin login').toBe(200)
    const body = (await response.json()) as { token: string }
    return new AdminApi(request, body.token)
  }

  private get headers() {
    return { Authorization: `Bearer ${this.token}` }
  }

  async resources(): Promise<AdminResource[]> {
    const response = await this.request.get('/api/admin/resources', { headers: this.headers })
    expect(response.status(), 'GET /api/admin/resources').toBe(200)
    return ((await response.json()) as { resources: AdminResource[] }).resources
  }

  async createResource(fields: ResourceFields): Promise<AdminResource> {
    const response = await this.request.post('/api/admin/resources', { headers: this.headers, data: fields })
    expect(response.status(), 'POST /api/admin/resources').toBe(201)
    return ((await response.json()) as { resource: AdminResource }).resource
  }

  async deleteResource(id: string): Promise<void> {
    const response = await this.request.delete(`/api/admin/resources/${encodeURIComponent(id)}`, { headers: this.headers })
    expect(response.status(), `DELETE /api/admin/resources/${id}`).toBe(200)
  }

  async deleteAllResources(): Promise<void> {
    for (const resource of await this.resources()) await this.deleteResource(resource.id)
  }

  /** The newsletter list as the admin Subscribers page reads it (it needs a token). */
  async subscribers(): Promise<ListedSubscriber[]> {
    const response = await this.request.get('/api/subscribers', { headers: this.headers })
    expect(response.status(), 'GET /api/subscribers').toBe(200)
    return ((await response.json()) as { subscribers: ListedSubscriber[] }).subscribers
  }

  /** The booking requests as the admin Bookings page reads them, newest first. */
  async bookings(): Promise<
    { id: string; firstName: string; lastName: string; email: string; country: string; service: string; message: string }[]
  > {
    const response = await this.request.get('/api/admin/bookings', { headers: this.headers })
    expect(response.status(), 'GET /api/admin/bookings').toBe(200)
    return (
      (await response.json()) as {
        bookings: { id: string; firstName: string; lastName: string; email: string; country: string; service: string; message: string }[]
      }
    ).bookings
  }

  /** Creates or replaces the content item with this section and key. */
  async saveContent(item: { section: string; key: string; value: string; type?: 'text' | 'html' | 'image' | 'json' }): Promise<void> {
    const { status, body } = await this.trySaveContent(item)
    expect(status, `POST /api/admin/content: ${JSON.stringify(body)}`).toBe(200)
  }

  /** The save's answer as it is, for a value the function may refuse. */
  async trySaveContent(item: { section: string; key: string; value: string; type?: string }) {
    const response = await this.request.post('/api/admin/content', { headers: this.headers, data: { type: 'text', ...item } })
    return { status: response.status(), body: (await response.json()) as { success: boolean; message?: string } }
  }

  /** Saves her availability as the Availability screen does (admin only). */
  async saveAvailability(availability: AvailabilityInput): Promise<void> {
    const response = await this.request.put('/api/admin/availability', { headers: this.headers, data: availability })
    expect(response.status(), `PUT /api/admin/availability: ${await response.text()}`).toBe(200)
  }

  /** Creates a user (admin only); answers the user as the API returns it. */
  async createUser(fields: { username: string; email: string; password: string; role?: 'admin' | 'editor' }): Promise<void> {
    const response = await this.request.post('/api/admin/users', { headers: this.headers, data: { role: 'editor', ...fields } })
    expect(response.status(), `POST /api/admin/users: ${await response.text()}`).toBe(201)
  }

  /** Imports addresses as confirmed, with the admin's consent statement kept with each. */
  async importConfirmed(emails: string[], statement: string): Promise<void> {
    const data = {
      importId: `import-${Date.now()}`,
      consent: true,
      mode: 'confirmed',
      statement,
      rows: emails.map((email, i) => ({ row: i + 2, email })),
    }
    const response = await this.request.post('/api/admin/subscribers/import', { headers: this.headers, data })
    expect(response.status(), `POST /api/admin/subscribers/import: ${await response.text()}`).toBe(200)
  }

  async posts(): Promise<AdminPost[]> {
    const response = await this.request.get('/api/admin/blog-posts', { headers: this.headers })
    expect(response.status(), 'GET /api/admin/blog-posts').toBe(200)
    return ((await response.json()) as { blogPosts: AdminPost[] }).blogPosts
  }

  /** One post with its body, as the editor opens it. */
  async post(id: string): Promise<AdminPost & { content: string; featuredImage?: string }> {
    const response = await this.request.get(`/api/admin/blog-posts/${encodeURIComponent(id)}`, { headers: this.headers })
    expect(response.status(), `GET /api/admin/blog-posts/${id}`).toBe(200)
    return ((await response.json()) as { blogPost: AdminPost & { content: string; featuredImage?: string } }).blogPost
  }

  async createPost(fields: PostFields): Promise<AdminPost> {
    const response = await this.request.post('/api/admin/blog-posts', {
      headers: this.headers,
      data: { status: 'published', tags: [], ...fields },
    })
    expect(response.status(), `POST /api/admin/blog-posts: ${await response.text()}`).toBe(201)
    return ((await response.json()) as { blogPost: AdminPost }).blogPost
  }

  async updatePost(id: string, fields: PostFields): Promise<AdminPost> {
    const response = await this.request.put('/api/admin/blog-posts', {
      headers: this.headers,
      data: { status: 'published', tags: [], ...fields, id },
    })
    expect(response.status(), `PUT /api/admin/blog-posts: ${await response.text()}`).toBe(200)
    return ((await response.json()) as { blogPost: AdminPost }).blogPost
  }

  async deletePost(id: string): Promise<void> {
    const response = await this.request.delete(`/api/admin/blog-posts/${encodeURIComponent(id)}`, { headers: this.headers })
    expect(response.status(), `DELETE /api/admin/blog-posts/${id}`).toBe(200)
  }

  async deleteAllPosts(): Promise<void> {
    for (const post of await this.posts()) await this.deletePost(post.id)
  }
}
