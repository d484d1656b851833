/**
 * The built-in texts of the public pages. Each can be replaced without a rebuild by a content
 * item with the same section and key (docs/decisions.md, Editable page texts); these are the fallback when none exists.
 * Lists (testimonials, services, beliefs) are JSON content items. Where each one shows, and how the
 * admin edits it, is in domain/text-catalog.ts. Plain data: the public pages import it on first load.
 */
export const DEFAULT_TEXTS = {
  site: {
    siteName: 'Faithful Finances',
    coachName: 'Grace Adeyemi',
    footerTagline: 'Faith-based financial coaching for individuals, couples and families.',
    // The coach's own: no built-in address could be right, and a newsletter without one is not sent.
    postalAddress: '',
  },
  home: {
    heroEyebrow: 'Faith-based financial coaching',
    heroTitle: 'Steward your money with clarity, peace and purpose',
    heroSubtitle:
      'Practical coaching rooted in faith, for individuals, couples and families who want to budget wisely, get free of debt and give generously.',
    visionTitle: 'Our vision',
    visionText: 'Empowering 100,000 families to live free, generous and purposeful financial lives.',
    missionTitle: 'Our mission',
    missionText:
      'To walk alongside individuals, couples and churches with practical, faith-rooted tools to budget, save, give and invest wisely.',
    whyFinanceTitle: 'Why finance?',
    whyFinanceText:
      'Money touches every part of family life: our peace at home, our marriages, our generosity and the legacy we leave. Handling it well is both practical and spiritual, and nobody should have to figure it out alone.',
    testimonialsTitle: 'What families are saying',
    ctaTitle: 'Ready to take the next step?',
    ctaText: 'Get to know the coach behind the work, or start with a practical read from the blog.',
    whyPoints: JSON.stringify([
      { title: 'Peace at home', text: 'A shared plan turns money from a source of tension into a common goal.' },
      { title: 'Freedom to give', text: 'When spending has a purpose, there is room to be generous.' },
      { title: 'A lasting legacy', text: 'Good habits today become a foundation for the next generation.' },
    ]),
    testimonials: JSON.stringify([
      {
        quote: 'For the first time we talk about money without arguing. Our budget finally feels like a plan we made together.',
        name: 'Tolu and Dami',
        detail: 'Married couple',
      },
      {
        quote: 'Grace helped me see my finances with hope instead of shame. I finally know where our money goes each month.',
        name: 'Esther M.',
        detail: '1-1 coaching client',
      },
      {
        quote: 'The pre-marital sessions gave us the conversations we did not know we needed before the wedding.',
        name: 'Joshua and Ruth',
        detail: 'Pre-marital coaching',
      },
      {
        quote: 'Her talk at our church was practical, warm and rooted in Scripture. People are still talking about it.',
        name: 'Pastor Daniel O.',
        detail: 'Speaking engagement',
      },
    ]),
  },
  about: {
    eyebrow: 'About',
    title: 'About Grace',
    intro: 'A financial coach who believes every family can find peace with money.',
    bio: 'Grace Adeyemi is a faith-based personal-finance coach. She helps individuals, couples and churches build budgets they can keep, get out of debt step by step, prepare for marriage and grow in generosity.',
    story:
      'Grace learned about money the way many of us do: by making mistakes and slowly finding a better way. What changed everything was seeing money as something entrusted to her, not something to fear. Since then she has made it her work to share that freedom with others, one family at a time.',
    /** An image address; none shows her initial on a soft tile instead. */
    portrait: '',
    /** What the portrait shows, for screen readers; none reads as her name. */
    portraitAlt: '',
    beliefsTitle: 'What I believe',
    beliefs: JSON.stringify([
      'Everything we have is entrusted to us, and stewardship is an act of worship.',
      'A plan brings peace: a budget is a tool for freedom, not a cage.',
      'Debt-free living opens the door to generous living.',
      'Couples thrive when they make money decisions together.',
    ]),
  },
  services: {
    eyebrow: 'How I can help',
    title: 'Services',
    intro: 'Coaching and teaching for every season of your financial life.',
    items: JSON.stringify([
      {
        title: '1-1 Financial Coaching',
        text: 'Personal sessions to build a budget you can keep, tackle debt and set goals that reflect your values.',
      },
      {
        title: 'Investment Coaching',
        text: 'Understand the basics of saving and investing so you can make steady, informed decisions for the long term.',
      },
      {
        title: 'Pre-Marital Financial Coaching',
        text: 'Start your marriage on the same page: talk through habits, expectations and a shared plan before the big day.',
      },
      {
        title: 'Post-Marital Financial Coaching',
        text: 'For married couples who want to untangle money tension and build a plan together as one team.',
      },
      {
        title: 'Speaking Engagements',
        text: 'Talks and workshops for churches, conferences and workplaces on stewardship, budgeting and generosity.',
      },
    ]),
  },
  resources: {
    eyebrow: 'Free resources',
    title: 'Tools for your financial journey',
    intro: 'Ebooks, guides, templates and videos to help you budget, save and give with confidence. Free to download.',
  },
  blog: {
    eyebrow: 'Blog',
    title: 'Encouragement for everyday money decisions',
    intro: 'Practical, faith-rooted articles on budgeting, marriage and money, debt, saving and generosity.',
  },
  bookNow: {
    eyebrow: 'Speak · Coach · Consult',
    title: 'Book Now',
    intro: 'Invite Grace to speak, coach or consult. Tell us a little about yourself and what you have in mind, and we will be in touch.',
  },
} as const

export type TextSection = keyof typeof DEFAULT_TEXTS
export type TextKey<S extends TextSection> = keyof (typeof DEFAULT_TEXTS)[S] & string
