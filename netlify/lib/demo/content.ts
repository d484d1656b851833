import type { UserInput } from '#domain/admin-user.ts'
import type { PostInput } from '#domain/blog-post.ts'
import type { ContentInput } from '#domain/content-item.ts'
import type { ResourceInput } from '#domain/resource.ts'
import { DEMO_CREDENTIALS } from '#domain/demo.ts'

export { DEMO_CREDENTIALS }

/**
 * The demo set that netlify/dev-functions/dev-seed.ts writes into the local Blobs sandbox, so a
 * newcomer running `npm run dev` sees a living site. Local development only: nothing here is
 * ever seeded on a deployed site (docs/decisions.md, No default password). Pure data with type-only imports, so scripts
 * and tests can import it without touching storage.
 *
 * Texts follow docs/brand.md, Voice: warm, plain, encouraging, with no invented statistics, prices or
 * claims of results. Scripture quotations are from the World English Bible (public domain).
 */

export const DEMO_COACH_NAME = 'Grace Adeyemi'
export const DEMO_SITE_NAME = 'Faithful Finances'

/** Shown by `npm run dev` and, in a development build only, on the login page. */

export const DEMO_USERS: UserInput[] = [
  { ...DEMO_CREDENTIALS.admin, email: 'admin@example.com', role: 'admin' },
  { ...DEMO_CREDENTIALS.editor, email: 'editor@example.com', role: 'editor' },
]

/** Who the demo content, resources and posts are recorded as created or updated by. */
export const DEMO_CREATED_BY = DEMO_CREDENTIALS.admin.username

// ---------------------------------------------------------------------------------------------
// Content items the public pages read by section and key (docs/decisions.md, Editable page texts)
// ---------------------------------------------------------------------------------------------

/** A page's texts, by key: each becomes a plain-text content item of that section. */
const texts = (section: string, values: Record<string, string>): ContentInput[] =>
  Object.entries(values).map(([key, value]) => ({ section, key, value, type: 'text' }))

export const DEMO_CONTENT: ContentInput[] = [
  ...texts('home', {
    heroTitle: 'Faith-filled financial freedom for your family',
    heroSubtitle: 'Warm, practical coaching to help you budget, save, give and step out of debt, rooted in faith and free of judgment.',
    visionTitle: 'Our Vision',
    visionText: 'Empowering 100,000 families to manage their money with wisdom and peace, so they can live freely and give generously.',
    missionTitle: 'Our Mission',
    missionText:
      'To walk alongside individuals, couples and families with practical coaching, simple tools and honest encouragement, helping them build healthy money habits that reflect their faith and values.',
    whyFinanceTitle: 'Why Finance?',
    whyFinanceText:
      'Money touches nearly every part of family life: our homes, our marriages, our giving and our rest. When it is out of order, it brings worry. When it is handled with wisdom, it brings freedom to serve, to give and to enjoy what God has provided.',
  }),
  ...texts('about', {
    bio: 'Grace Adeyemi is a personal-finance coach who helps individuals, couples and families bring their money in line with their faith. She offers one-to-one coaching, investment coaching, pre-marital and post-marital financial coaching, and speaks to churches and organizations.',
    story:
      "Grace's own journey began at her kitchen table, learning to plan her family's money one month at a time. Along the way she found that a budget is not about restriction but about freedom, and that honest money conversations can draw a family closer instead of pulling it apart. Today she shares what she has learned with warmth and without judgment, meeting each family where they are.",
    beliefs: [
      'Everything we have is entrusted to us by God, and wise stewardship is an act of worship.',
      'Generosity flows from a grateful heart.',
      'No one is too far behind to begin again.',
      'Every family deserves clear, honest and compassionate guidance.',
    ].join('\n'),
  }),
  ...texts('site', {
    coachName: DEMO_COACH_NAME,
    siteName: DEMO_SITE_NAME,
    footerTagline: 'Helping families manage money with faith, wisdom and peace.',
    postalAddress: 'Faithful Finances, PO Box 2417, Columbus, OH 43216, USA',
  }),
]

// ---------------------------------------------------------------------------------------------
// Resources: one of each type, plus one inactive; every file is served from public/downloads/
// ---------------------------------------------------------------------------------------------

/** In the order the public list shows them (newest first). */
export const DEMO_RESOURCES: ResourceInput[] = [
  {
    title: 'Faithful Finances: A Gentle Start',
    description:
      'A short ebook on the first steps of managing money with faith and purpose: knowing where your money goes, giving first, saving a little and planning together.',
    type: 'ebook',
    fileUrl: '/downloads/faithful-finances-gentle-start.pdf',
    isActive: true,
  },
  {
    title: 'Family Budget Template',
    description:
      'A simple monthly budget you can open in any spreadsheet app, with lines for giving, saving, essentials and the fun things too.',
    type: 'template',
    fileUrl: '/downloads/family-budget-template.csv',
    isActive: true,
  },
  {
    title: 'Money Conversations for Couples',
    description:
      'Questions to talk through before and after the wedding, with room to write your answers together. Unhurried, honest and kind.',
    type: 'guide',
    fileUrl: '/downloads/money-conversations-for-couples.txt',
    isActive: true,
  },
  {
    title: 'Welcome to Coaching',
    description: 'A short welcome from Grace about how coaching conversations work and what to expect from a first session.',
    type: 'video',
    fileUrl: '/downloads/welcome-to-coaching.html',
    isActive: true,
  },
  {
    title: 'Debt Payoff Worksheet',
    description:
      'List every debt with its balance, rate and minimum payment, then try paying off the smallest balance first or the highest rate first.',
    type: 'template',
    fileUrl: '/downloads/debt-payoff-worksheet.csv',
    isActive: false,
  },
]

// ---------------------------------------------------------------------------------------------
// Blog posts: 4 published, 1 draft. Together they use every markdown feature posts support:
// headings 1-3, bold, italic, inline code, links, bullet and numbered lists, ✅/❌ lines,
// paragraphs and single line breaks.
// ---------------------------------------------------------------------------------------------

export const DEMO_TAGS = ['Budgeting', 'Marriage', 'Giving', 'Debt', 'Saving'] as const

const familyBudget = `Many families tell me the word *budget* makes them tense. It sounds like a list of things you are no longer allowed to do. I would like to offer a kinder picture: a budget is simply a plan that tells your money where to go, so you are not left wondering where it went.

*"For which of you, desiring to build a tower, doesn't first sit down and count the cost, to see if he has enough to complete it?"*
Luke 14:28

## Before you start

Choose a calm evening, put the kettle on, and gather what you need:

- your last two or three months of bank statements
- any regular bills (rent or mortgage, utilities, phone, insurance)
- a notebook, a spreadsheet, or our free [family budget template](/resources)

You do not need to be good with numbers. You only need to be honest and patient with each other.

## Five steps to a first budget

1. **Write down what comes in.** List every regular income after tax. If your income changes from month to month, use a careful, lower estimate.
2. **Give first.** If giving is part of your faith, decide on it at the start, not with whatever is left over.
3. **Cover the essentials.** Housing, food, utilities, transport and insurance come next.
4. **Save something, even if it is small.** A little set aside each month builds a habit, and the habit matters more than the amount.
5. **Plan the rest on purpose.** Clothing, gifts, outings and fun all deserve a line, so nobody feels guilty spending what was planned.

When you are done, every part of your income should have a job. Some families like to check this with one simple line: \`income - giving - saving - spending = 0\`. If the answer is not zero, adjust a line or two until it is.

### What a healthy first budget looks like

✅ It is written down where both of you can see it
✅ It includes giving, saving and a little fun
✅ It is based on what you really spend, not what you wish you spent
❌ It does not need to be perfect in the first month
❌ It is not a weapon to win arguments with

## Review it together

A budget is a living thing. Set a short, regular time each month, maybe the first Sunday afternoon, to look at what happened. Celebrate what went well. Where you overspent, ask *why* before you ask *who*. Often the plan was simply unrealistic, and that is easy to fix.

If you have children, let them see some of this. Hearing you talk calmly about money, and watching you choose to wait for something, teaches them more than any lecture.

## You are not behind

If this is your first budget and you feel late to it, please hear this: **you are not behind.** You are starting, and starting is the hardest part. Be gentle with yourselves, keep showing up to the monthly conversation, and let the plan get a little better each time.

If you would like someone to walk alongside you while you build it, I would be glad to help. You can [request a coaching conversation](/book-now) whenever you are ready.`

const beforeMarriage = `# Two people, one plan

Every couple brings two money stories into a marriage. One of you may have grown up in a home where money was never discussed; the other may remember tense conversations at the kitchen table. Neither story is wrong. But if you never talk about them, they will quietly shape your marriage anyway.

*"Do two walk together, unless they have agreed?"*
Amos 3:3

## Why talk now?

Engagement is a season full of plans: the wedding, the home, the years ahead. It is also a wonderful time to talk about money, because you are already dreaming together. Talking now is not a sign that you distrust each other. It is a sign that you take your future seriously.

## Questions to ask each other

Set aside an unhurried evening. Take turns, listen more than you speak, and resist the urge to fix anything on the spot.

1. What did money feel like in the home you grew up in?
2. What debts do we each have, and how do we feel about them?
3. What does generosity look like to each of us?
4. Will we share one account, keep separate ones, or do a mix?
5. What are we saving for in the next few years?
6. How will we decide on a large purchase?

Write down your answers. You may be surprised by how much you agree on, and by the one or two places where you see things very differently.

## Be fully honest

This is the conversation where everything goes on the table: student loans, credit cards, money you send to family, a credit history you feel embarrassed about. **Hidden debt hurts trust far more than the debt itself.** If something is hard to say, say that first: *"This is hard for me to talk about, but I want you to know."*

### Healthy habits to carry into marriage

✅ Talk about money regularly, not only when something goes wrong
✅ Make big decisions together
✅ Keep a little personal spending money each, with no questions asked
❌ Keep secret accounts or secret debts
❌ Use money to control or punish

## Build your first shared plan

Once you have talked, sketch a simple plan for your first year together. You do not need every detail. A rough idea of your combined income, your essentials, what you will give and what you will save is a wonderful start. Our [money conversations guide](/resources) has the questions above in a printable form, with space for your answers.

Remember that you are on the same team. The goal is not to win the conversation; it is to build a home where both of you feel safe and heard.

If you would like to walk through this with a coach, **Pre-Marital Financial Coaching** is made for exactly this season. You can [book a conversation](/book-now) and we will find a time that suits you both.`

const generosity = `Sometimes people tell me, a little sadly, that they will start giving "once things settle down." I understand that feeling. When money is tight, giving can seem like something for other people. But I have come to believe that generosity is less about the size of the gift and more about the posture of the heart.

*"Let each man give according as he has determined in his heart; not grudgingly, or under compulsion; for God loves a cheerful giver."*
2 Corinthians 9:7

## Giving as a first step, not a leftover

When giving is planned, it becomes joyful instead of anxious. Deciding ahead of time is what turns a vague wish into a settled choice. In your budget, put giving near the top, right after income. It does not have to be a large amount. What matters is that it is **intentional**.

## Ways to give that are not only money

Generosity is bigger than a bank transfer. In seasons when money is very tight, you can still be generous with:

- your **time**, serving at church or helping a neighbor
- your **skills**, such as cooking a meal, fixing a bike or tutoring a child
- your **attention**, really listening to someone who is struggling
- your **home**, opening your table to someone who would otherwise eat alone

None of these replace financial giving forever, but they keep the habit of an open hand alive.

## A simple plan to grow in giving

1. Decide together what you will give each month, and write it into your budget.
2. Give it first, on the day income arrives, so it is never squeezed out.
3. Keep a small *spontaneous giving* line for needs you notice along the way.
4. Once a year, pray about whether to increase it, even a little.

If you use a spreadsheet, a single row named \`Giving\` at the very top is enough to keep it in view.

### A quick heart check

✅ I give because I am grateful, not to be seen
✅ I give from what I have planned, not from guilt
✅ I leave room to respond when someone near me is in need
❌ I give so much that I cannot pay my own bills
❌ I compare my giving with anyone else's

That fourth line matters. Generosity never asks you to neglect your own household. Sometimes the most faithful step is to first steady your budget and pay down debt, then give more freely as you are able.

## Teaching generosity at home

If you have children, let them take part. Some families use three jars labelled *give*, *save* and *spend* for pocket money. Children learn quickly that giving is a normal, happy part of life, not an afterthought.

## Start where you are

You do not need to wait for a better season. Start with what you have, even if it feels small. Small, faithful steps, taken again and again, shape a generous life.

If you would like help finding room for giving in your budget, take a look at our [free resources](/resources) or [reach out to book a coaching session](/book-now).`

const emergencyFund = `Life has a way of surprising us. The car needs new tires, the washing machine stops mid-cycle, a child needs an unexpected trip to the dentist. When there is no money set aside, each of these turns into a crisis, and too often into a new credit card balance.

An emergency fund changes that. It is simply money you keep aside for the unexpected, so that a hard day does not become a hard year.

*"There is precious treasure and oil in the dwelling of the wise; but a foolish man swallows it up."*
Proverbs 21:20

## Why it matters

An emergency fund is not exciting. It does not grow quickly, and you hope you rarely need it. But it gives you something precious: **peace of mind**. Even a small cushion can make room for calmer decisions, because the next surprise no longer has to be met with panic.

## How much?

Start small. A first goal might be a starter cushion that covers one common surprise, such as a car repair. Once you have that, a common longer-term goal is enough to cover three to six months of essential expenses. Your number will depend on your household, your work and how steady your income is.

### Finding your number

1. Add up your essential monthly costs: housing, food, utilities, transport, insurance and minimum debt payments.
2. Choose your first, smaller goal.
3. For your long-term goal, multiply your essentials by the number of months you want to cover.

Write both numbers somewhere you will see them. Our budget template has a row called \`Emergency fund\` that you can use.

## Where to keep it

Keep your emergency fund **separate** from your everyday account, so it is not spent by accident, but **easy to reach** when you truly need it. A simple savings account usually works well.

## What counts as an emergency?

✅ A car repair you need to get to work
✅ An urgent medical or dental bill
✅ A sudden loss of income
❌ A holiday sale
❌ A birthday or Christmas (those belong in your budget, because they come every year)

## Building it a little at a time

- Set up an automatic transfer on payday, even a small one.
- Put part of any unexpected money, like a tax refund or a gift, straight into the fund.
- Sell something you no longer use and save what it brings in.

When you do need to use it, do not feel guilty. That is exactly what it is for. Simply start building it back up, one step at a time.

If you would like help finding room in your budget to begin, our [free resources](/resources) are a good place to start.`

const outOfDebt = `If you are carrying debt right now, I want to start with this: **you are not a failure, and you are not alone.** Debt often comes from hard seasons, a job loss, an illness, or simply never being taught how money works. What matters now is the next step.

*"The rich rule over the poor. The borrower is servant to the lender."*
Proverbs 22:7

That verse is not meant to shame us. It is an honest description of how debt feels: it limits our choices. The good news is that, step by step, those choices can be won back.

## Step one: see the whole picture

Make a list of everything you owe. For each debt, write down:

- who you owe
- the total balance
- the interest rate
- the minimum monthly payment

Yes, this can be uncomfortable. Do it anyway, ideally together if you are married. You cannot make a plan for what you will not look at.

## Step two: stop adding to it

It is very hard to climb out of a hole while still digging. Consider putting the credit cards away for a season. Build a small emergency cushion first, so that the next surprise does not go straight back onto a card.

## Step three: choose a method

There are two common ways to order your payments. Both work; the best one is the one you will stick with.

1. **Smallest balance first.** Pay the minimum on everything, and put every extra amount toward the smallest debt. When it is gone, roll that payment into the next smallest. The quick wins keep you going.
2. **Highest interest first.** Same idea, but you aim extra payments at the debt with the highest interest rate. This usually costs less overall.

Our debt payoff worksheet has columns for \`Balance\`, \`Rate\` and \`Minimum\`, so you can try both orders on paper.

### Habits that help

✅ Pay at least the minimum on every debt, every month
✅ Celebrate each debt you pay off, simply and cheaply
✅ Tell a trusted friend or coach about your goal
❌ Borrow from one card to pay another without a plan
❌ Hide your progress, or your setbacks, from your spouse

## Step four: keep going

There will be months when progress feels slow. That is normal. Keep your list somewhere you can see it, cross off each debt as it goes, and remember *why* you started: more freedom to live, to give and to rest.

If you would like a steady companion for the journey, I would love to help. You can [book a coaching session](/book-now) whenever you are ready.`

/** In the order the public list shows them (newest first); the draft last. */
export const DEMO_POSTS: PostInput[] = [
  {
    title: 'Building Your First Family Budget',
    excerpt:
      "A budget is simply a plan for your money, made together. Here is a gentle, step-by-step way to build your family's first one at the kitchen table.",
    content: familyBudget,
    status: 'published',
    tags: ['Budgeting', 'Saving'],
  },
  {
    title: 'Talking About Money Before You Say "I Do"',
    excerpt:
      'Money conversations before marriage do not have to be awkward. A few honest questions now can save a lot of hurt later, and draw you closer as a couple.',
    content: beforeMarriage,
    status: 'published',
    tags: ['Marriage', 'Budgeting'],
  },
  {
    title: 'Your Emergency Fund: Peace of Mind for the Unexpected',
    excerpt:
      'Cars break down and roofs leak. An emergency fund turns those moments from a crisis into an inconvenience. Here is how to start one, a little at a time.',
    content: emergencyFund,
    status: 'published',
    tags: ['Saving', 'Debt'],
  },
  {
    title: 'Generosity on Any Income',
    excerpt:
      'Generosity is not only for people with plenty. It is a posture of the heart that can grow in any season, starting with what you already have.',
    content: generosity,
    status: 'published',
    tags: ['Giving'],
  },
  {
    title: 'Getting Out of Debt, One Step at a Time',
    excerpt:
      'Debt can feel heavy and lonely. You are not alone, and there is a way forward. Here is a simple, step-by-step path toward freedom.',
    content: outOfDebt,
    status: 'draft',
    tags: ['Debt', 'Budgeting'],
  },
]
