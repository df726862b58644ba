/**
 * Database schema. SQL migrations in supabase/migrations are generated from this file
 * (npm run db:generate); src/server/db/schema-sync.test.ts fails when the two drift apart.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const userRole = pgEnum('user_role', ['user', 'admin']);
// 'withdrawn': off the site by its author or an admin's unpublishing (its reason in review_note); the author may ask it back.
export const toolStatus = pgEnum('post_status', ['pending', 'published', 'rejected', 'withdrawn']);
export const pricingModel = pgEnum('pricing_model', ['free', 'freemium', 'paid', 'open_source', 'unknown']);
export const visitorType = pgEnum('visitor_type', ['registered', 'unregistered', 'incognito']);
export const rebuildStatus = pgEnum('rebuild_status', ['queued', 'running', 'succeeded', 'failed']);
/** What the last checks of a tool's own site found (the link checker sets it; 'unknown' until the first check). */
export const linkStatus = pgEnum('link_status', ['unknown', 'ok', 'failing', 'moved']);
/** Where a tool's image or logo came from: what an author or admin chose is never overwritten by a machine. */
export const imageSource = pgEnum('image_source', ['none', 'author', 'admin', 'curated', 'enrichment']);
export const aiUtility = pgEnum('ai_utility', ['images', 'descriptions', 'stories']);
/** A tool's checkable facts (src/lib/tool-facts.ts): 'unknown' is a value of its own, never a guess. */
export const factAnswer = pgEnum('fact_answer', ['yes', 'no', 'unknown']);
export const freePlan = pgEnum('free_plan', ['yes', 'trial', 'no', 'unknown']);
export const pricePeriod = pgEnum('price_period', ['month', 'year', 'once', 'usage']);
/** A review is public at once (docs/decisions/011-valoraciones.md); an admin can hide it. */
export const reviewStatus = pgEnum('review_status', ['published', 'hidden']);

// better-auth's user table, named and shaped as SPEC's profiles.
export const profiles = pgTable(
  'profiles',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    avatarUrl: text('avatar_url'),
    role: userRole('role').notNull().default('user'),
    isActive: boolean('is_active').notNull().default(true),
    bio: text('bio'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('profiles_email_key').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  icon: text('icon').notNull().default('sparkles'),
  color: text('color').notNull().default('#3B82F6'),
  description: text('description').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  // The admin's order for listings (lower first); ties, and every category until someone sets one, go by name.
  position: smallint('position').notNull().default(0),
  ...timestamps,
});

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull(),
    content: text('content').notNull().default(''),
    // Still the seed's generated article (a thin page, see src/lib/thin-article.ts); cleared when someone rewrites it.
    articleIsTemplate: boolean('article_is_template').notNull().default(false),
    // The article's plain-text length, computed by PostgreSQL so every write path (seed, editor, SQL) counts alike.
    articleTextLength: integer('article_text_length')
      .notNull()
      .generatedAlwaysAs(sql`char_length(btrim(regexp_replace(regexp_replace(content, '<[^>]*>', ' ', 'g'), '[[:space:]]+', ' ', 'g')))`),
    url: text('url'),
    imageUrl: text('image_url'),
    logoUrl: text('logo_url'),
    videoUrl: text('video_url'),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    author: text('author'),
    keywords: text('keywords').array(),
    // Use-case tags: slugs of the task vocabulary (src/lib/tasks/vocabulary.ts). NULL until tagged; the seed tags
    // only NULL rows, so an editor's choice (even an empty list) is never overwritten.
    useCases: text('use_cases').array(),
    pricing: pricingModel('pricing').notNull().default('unknown'),
    spanishInterface: factAnswer('spanish_interface').notNull().default('unknown'),
    spanishOutput: factAnswer('spanish_output').notNull().default('unknown'),
    spanishVoice: factAnswer('spanish_voice').notNull().default('unknown'),
    freePlan: freePlan('free_plan').notNull().default('unknown'),
    // «Desde 20 €/mes»: the three are set together or not at all.
    priceFromAmount: numeric('price_from_amount', { precision: 10, scale: 2, mode: 'number' }),
    priceFromCurrency: text('price_from_currency'),
    priceFromPeriod: pricePeriod('price_from_period'),
    // Values of src/lib/tool-facts.ts `platforms`; empty while nobody has checked.
    platforms: text('platforms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    openSource: factAnswer('open_source').notNull().default('unknown'),
    license: text('license'),
    company: text('company'),
    companyCountry: text('company_country'),
    launchYear: smallint('launch_year'),
    signupRequired: factAnswer('signup_required').notNull().default('unknown'),
    factsCheckedAt: timestamp('facts_checked_at', { withTimezone: true }),
    // NULL with a date: checked by the editorial team for the seeded catalogue.
    factsCheckedBy: text('facts_checked_by').references(() => profiles.id, { onDelete: 'set null' }),
    status: toolStatus('status').notNull().default('pending'),
    // The moderator's note to the author, shown with a rejection.
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by').references(() => profiles.id, { onDelete: 'set null' }),
    // The tool's registrable domain (lower case, no www.), for the duplicate check on publish.
    domain: text('domain'),
    isFeatured: boolean('is_featured').notNull().default(false),
    isPopular: boolean('is_popular').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    // 'Visitar' clicks out to the tool's site, counted apart from page views ('Más Usadas').
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    // Saves, visits and the editorial flag over the last 30 days ('Populares'), recomputed in SQL.
    popularityScore: doublePrecision('popularity_score').notNull().default(0),
    // Lower comes first in 'Nuevas' among tools published at the same moment (the seeded catalogue).
    editorialRank: integer('editorial_rank'),
    discontinuedAt: timestamp('discontinued_at', { withTimezone: true }),
    linkStatus: linkStatus('link_status').notNull().default('unknown'),
    checkFailures: smallint('check_failures').notNull().default(0),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    httpStatus: smallint('http_status'),
    finalUrl: text('final_url'),
    // What the tool's own homepage said at the last enrichment (title, description, og:image, icon).
    enrichment: jsonb('enrichment'),
    imageSource: imageSource('image_source').notNull().default('none'),
    logoSource: imageSource('logo_source').notNull().default('none'),
    savedCount: integer('saved_count').notNull().default(0),
    // Published reviews' stars, moved by the reviews trigger in the same transaction as the review. They
    // replace SPEC's likes_count, which nothing could ever move (docs/decisions/011-valoraciones.md).
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    publishedDate: timestamp('published_date', { withTimezone: true }),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    canonicalUrl: text('canonical_url'),
    ogTitle: text('og_title'),
    ogDescription: text('og_description'),
    ogImage: text('og_image'),
    ogType: text('og_type'),
    twitterTitle: text('twitter_title'),
    twitterDescription: text('twitter_description'),
    twitterImage: text('twitter_image'),
    twitterCard: text('twitter_card'),
    whatsappTitle: text('whatsapp_title'),
    whatsappDescription: text('whatsapp_description'),
    whatsappImage: text('whatsapp_image'),
    structuredData: jsonb('structured_data'),
    // Maintained by a trigger (see the search migration): title, description, keywords, category names.
    searchVector: tsvector('search_vector'),
    // When what the tool's page shows last changed while it was (or became) public: set by a trigger, never by
    // code. The server renders pages changed after the current build on demand until the rebuild lands.
    pageChangedAt: timestamp('page_changed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('posts_status_created_idx').on(t.status, t.createdAt.desc()),
    index('posts_status_views_idx').on(t.status, t.views.desc()),
    index('posts_status_saved_idx').on(t.status, t.savedCount.desc()),
    index('posts_user_idx').on(t.userId, t.createdAt.desc()),
    index('posts_search_idx').using('gin', t.searchVector),
    index('posts_status_clicks_idx').on(t.status, t.clicks.desc()),
    index('posts_status_popularity_idx').on(t.status, t.popularityScore.desc()),
    index('posts_domain_idx').on(t.domain),
    index('posts_link_status_idx').on(t.linkStatus),
    index('posts_page_changed_idx').on(t.pageChangedAt),
    // Tools sharing a task with one (an alternatives page rendered on demand, docs/decisions/015).
    index('posts_use_cases_idx').using('gin', t.useCases),
    check(
      'posts_price_from_complete',
      sql`(${t.priceFromAmount} IS NULL) = (${t.priceFromCurrency} IS NULL) AND (${t.priceFromAmount} IS NULL) = (${t.priceFromPeriod} IS NULL)`,
    ),
    check('posts_price_from_currency', sql`${t.priceFromCurrency} IN ('EUR', 'USD', 'GBP')`),
    check('posts_price_from_amount', sql`${t.priceFromAmount} >= 0`),
    check(
      'posts_platforms_known',
      sql`${t.platforms} <@ ARRAY['web', 'ios', 'android', 'windows', 'macos', 'linux', 'extension', 'api', 'self_hosted']::text[]`,
    ),
    check('posts_company_country', sql`${t.companyCountry} ~ '^[A-Z]{2}$'`),
    check('posts_launch_year', sql`${t.launchYear} BETWEEN 1990 AND 2100`),
  ],
);

export const postCategories = pgTable(
  'post_categories',
  {
    toolId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.toolId, t.categoryId] }), index('post_categories_category_idx').on(t.categoryId)],
);

export const savedPosts = pgTable(
  'saved_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    toolId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_posts_user_post_key').on(t.userId, t.toolId), index('saved_posts_post_idx').on(t.toolId)],
);

export const postViews = pgTable(
  'post_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toolId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    sessionId: text('session_id').notNull(),
    visitorType: visitorType('visitor_type').notNull().default('unregistered'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('post_views_post_created_idx').on(t.toolId, t.createdAt.desc()),
    index('post_views_post_session_idx').on(t.toolId, t.sessionId, t.createdAt.desc()),
  ],
);

export const imageGenerationHistory = pgTable(
  'image_generation_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => profiles.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    prompt: text('prompt').notNull(),
    enhancedPrompt: text('enhanced_prompt'),
    modelUsed: text('model_used').notNull(),
    provider: text('provider'),
    imageUrl: text('image_url').notNull(),
    imageCount: smallint('image_count').notNull().default(1),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    seed: integer('seed'),
    visitorType: visitorType('visitor_type').notNull().default('unregistered'),
    isSaved: boolean('is_saved').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('image_history_user_idx').on(t.userId, t.createdAt.desc()), index('image_history_session_idx').on(t.sessionId, t.createdAt.desc())],
);

export const savedGeneratedImages = pgTable(
  'saved_generated_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    imageHistoryId: uuid('image_history_id')
      .notNull()
      .references(() => imageGenerationHistory.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_images_user_image_key').on(t.userId, t.imageHistoryId)],
);

export const generatedImageDescriptions = pgTable(
  'generated_image_descriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => profiles.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    generatedDescription: text('generated_description').notNull(),
    descriptionType: text('description_type').notNull().default('unique_detailed'),
    language: text('language').notNull().default('es'),
    customInstructions: text('custom_instructions'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('descriptions_user_idx').on(t.userId, t.createdAt.desc())],
);

export const savedImageDescriptions = pgTable(
  'saved_image_descriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    descriptionId: uuid('description_id')
      .notNull()
      .references(() => generatedImageDescriptions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_descriptions_user_description_key').on(t.userId, t.descriptionId)],
);

export const generatedStories = pgTable(
  'generated_stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    prompt: text('prompt').notNull(),
    options: jsonb('options').notNull().default({}),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stories_user_idx').on(t.userId, t.createdAt.desc())],
);

export const redirects = pgTable(
  'redirects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromPath: text('from_path').notNull().unique(),
    // Null only for 410: the address is gone on purpose (a deleted tool), with nowhere to send the visitor.
    toPath: text('to_path'),
    statusCode: smallint('status_code').notNull().default(301),
    ...timestamps,
  },
  (t) => [
    check('redirects_status_code_check', sql`${t.statusCode} in (301, 302, 307, 308, 410)`),
    check('redirects_target_check', sql`(${t.statusCode} = 410) = (${t.toPath} IS NULL)`),
  ],
);

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rebuildRuns = pgTable(
  'rebuild_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: rebuildStatus('status').notNull().default('queued'),
    reason: text('reason').notNull(),
    requestedBy: text('requested_by').references(() => profiles.id, { onDelete: 'set null' }),
    buildId: text('build_id'),
    contentVersion: bigint('content_version', { mode: 'number' }),
    error: text('error'),
    // What a running build is doing ('Generando páginas', 'Índice de búsqueda'…) and how far along, 0-100.
    phase: text('phase'),
    progress: smallint('progress'),
    // A retry after a failed or interrupted build: which one in a row (0 for a first request), and not before when.
    attempt: smallint('attempt').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rebuild_runs_created_idx').on(t.createdAt.desc())],
);

export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** 'Visitar' clicks (a press of the button to the tool's site), one row per browser session and tool every 30 minutes. */
export const postClicks = pgTable(
  'post_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toolId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    sessionId: text('session_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('post_clicks_post_created_idx').on(t.toolId, t.createdAt.desc()),
    index('post_clicks_post_session_idx').on(t.toolId, t.sessionId, t.createdAt.desc()),
  ],
);

/** Each check of a tool's own site: the evidence behind a 'failing' or 'moved' flag. */
export const linkChecks = pgTable(
  'link_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toolId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    httpStatus: smallint('http_status'),
    finalUrl: text('final_url'),
    // Why the check failed, in words an admin can act on (no stack traces).
    error: text('error'),
    durationMs: integer('duration_ms'),
  },
  (t) => [index('link_checks_post_checked_idx').on(t.toolId, t.checkedAt.desc())],
);

/** Every admin action, with who, when, what and the values before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    // Kept when the account is deleted, so the log still says who acted.
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc()), index('audit_log_action_idx').on(t.action, t.createdAt.desc())],
);

/** One row per AI request that passed the limits (anonymous ones too), for the admin's usage counts. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    utility: aiUtility('utility').notNull(),
    userId: text('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_usage_utility_created_idx').on(t.utility, t.createdAt.desc())],
);

/**
 * Searches on /buscar that found nothing or almost nothing, for the admin's «Búsquedas sin resultado»:
 * the folded query text and how often it was searched each day (UTC). Nothing about who searched.
 */
export const searchMisses = pgTable(
  'search_misses',
  {
    day: date('day').notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull().default(1),
    // How many results the latest of those searches found (fewer than FEW_RESULTS).
    results: smallint('results').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] }), check('search_misses_query_length', sql`char_length(${t.query}) BETWEEN 1 AND 100`)],
);

/**
 * Ratings and reviews: one per account and tool, 1-5 stars and optional plain text. A trigger keeps
 * posts.rating_count and rating_sum in step with the published ones and stamps the tool's page.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    pros: text('pros').notNull().default(''),
    cons: text('cons').notNull().default(''),
    status: reviewStatus('status').notNull().default('published'),
    // Moved by the review_votes trigger, so a voter's deleted account takes its vote off too.
    helpfulCount: integer('helpful_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_post_user_key').on(t.toolId, t.userId),
    index('reviews_post_created_idx').on(t.toolId, t.createdAt.desc()),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check(
      'reviews_text_lengths',
      sql`char_length(${t.title}) <= 120 AND char_length(${t.body}) <= 4000 AND char_length(${t.pros}) <= 1000 AND char_length(${t.cons}) <= 1000`,
    ),
  ],
);

/** «¿Te ha sido útil?»: one vote per account and review, never on one's own. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_votes_user_idx').on(t.userId)],
);

/** «Denunciar»: one report per account and review, for the admin's queue. */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    index('review_reports_user_idx').on(t.userId),
    index('review_reports_created_idx').on(t.createdAt.desc()),
  ],
);

/**
 * «Respuesta del fabricante»: the tool's verified maker answers a review once, in plain text like
 * reviews. It shows only under a published review, so hiding the review hides it too.
 */
export const reviewReplies = pgTable(
  'review_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [
    // One reply per review: a second one is the Spanish 409.
    uniqueIndex('review_replies_review_key').on(t.reviewId),
    index('review_replies_user_idx').on(t.userId),
    check('review_replies_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 1000`),
  ],
);

/** Why a visitor reports a tool («Informar de un problema»); the Spanish labels live with the reports feature. */
export const reportReason = pgEnum('report_reason', ['wrong_info', 'broken_link', 'duplicate', 'unsafe', 'other']);
export const reportStatus = pgEnum('report_status', ['open', 'resolved', 'dismissed']);

/** A visitor's report of a problem with a published tool; guests may report, so user_id is optional. */
export const toolReports = pgTable(
  'tool_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    reason: reportReason('reason').notNull(),
    // Plain text, shown escaped; never HTML.
    details: text('details'),
    // Where the reporter wants a reply, if anywhere.
    email: text('email'),
    status: reportStatus('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('tool_reports_open_idx').on(t.status, t.toolId, t.createdAt.desc()),
    index('tool_reports_user_idx').on(t.userId),
    check('tool_reports_details_length', sql`char_length(${t.details}) <= 1000`),
    check('tool_reports_email_length', sql`char_length(${t.email}) <= 254`),
  ],
);

/** How a maker proves a tool is theirs: a link to an address at its domain, or a token on its site. */
export const claimMethod = pgEnum('claim_method', ['email', 'site']);
export const claimStatus = pgEnum('claim_status', ['pending', 'verified', 'revoked']);

/** A user's claim to be a tool's maker («¿Es tu herramienta?»); at most one verified claim per tool. */
export const toolClaims = pgTable(
  'tool_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    method: claimMethod('method').notNull(),
    // The address the link went to (method 'email').
    email: text('email'),
    // SHA-256 of the one-time token; the token itself is only ever in the e-mail or on the maker's site.
    tokenHash: text('token_hash').notNull(),
    status: claimStatus('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set when the token is spent: a used token never verifies again.
    usedAt: timestamp('used_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tool_claims_token_hash_idx').on(t.tokenHash),
    uniqueIndex('tool_claims_one_verified_idx')
      .on(t.toolId)
      .where(sql`${t.status} = 'verified'`),
    index('tool_claims_user_idx').on(t.userId),
  ],
);

export const proposalStatus = pgEnum('proposal_status', ['pending', 'approved', 'rejected']);

/** A verified maker's proposed change to their live listing, applied only when an admin approves it. */
export const listingProposals = pgTable(
  'listing_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    // The proposed values of the fields that differ, and those fields' values when it was proposed (the diff).
    changes: jsonb('changes').notNull(),
    before: jsonb('before').notNull(),
    status: proposalStatus('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [index('listing_proposals_status_idx').on(t.status, t.createdAt.desc()), index('listing_proposals_user_idx').on(t.userId)],
);

/**
 * The publish form as its author left it: saved as they type, resumable on any device, submitted later
 * through the normal publish. A row of its own rather than a post: a draft may lack a title, slug or category, and
 * nothing that lists, counts, rebuilds or indexes posts can ever see it.
 */
export const submissionDrafts = pgTable(
  'submission_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    // The form's values, validated by the draft schema (types and limits) and with the article's HTML sanitized.
    values: jsonb('values').notNull(),
    ...timestamps,
  },
  (t) => [index('submission_drafts_user_idx').on(t.userId, t.updatedAt.desc())],
);

/**
 * «Redactar con IA»: an article and facts the configured text model drafted from a tool's own site.
 * Nothing here reaches the tool's page until an admin accepts it (status 'accepted'); queued and running rows are
 * the batch of Publicados, worked through one at a time by the drafting feature's queue.
 */
export const articleDraftStatus = pgEnum('article_draft_status', ['queued', 'running', 'pending', 'accepted', 'discarded', 'failed']);

export const articleDrafts = pgTable(
  'article_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    status: articleDraftStatus('status').notNull().default('pending'),
    // Sanitized HTML; null until the model has written it (queued, running, failed).
    articleHtml: text('article_html'),
    // The proposed facts in the shape of toolFactsInput (src/lib/tool-facts.ts).
    facts: jsonb('facts'),
    sourceUrl: text('source_url').notNull(),
    model: text('model'),
    // The Spanish reason a queued draft failed, as the admin reads it.
    error: text('error'),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // When a worker took a queued row; a stale claim (the process died) is taken again.
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by').references(() => profiles.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('article_drafts_post_idx').on(t.toolId, t.createdAt.desc()),
    index('article_drafts_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('queued', 'running')`),
    // One draft waiting per tool: a second «Redactar con IA» replaces nothing silently.
    uniqueIndex('article_drafts_one_open_per_post')
      .on(t.toolId)
      .where(sql`${t.status} IN ('queued', 'running', 'pending')`),
  ],
);

/**
 * Who opened an on-demand comparison «/comparar/{a}-vs-{b}», one row per pair and visitor (a hash of the
 * address, never the address), with the last day seen: a pair that enough distinct visitors compared in the last
 * 30 days becomes indexable and enters the sitemap. One visitor counts once, however often they reload.
 */
export const comparisonVisits = pgTable(
  'comparison_visits',
  {
    // The canonical order (src/lib/comparisons.ts canonicalPair).
    slugA: text('slug_a').notNull(),
    slugB: text('slug_b').notNull(),
    visitor: text('visitor').notNull(),
    seenOn: date('seen_on').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.slugA, t.slugB, t.visitor] }),
    index('comparison_visits_seen_idx').on(t.seenOn),
    index('comparison_visits_visitor_idx').on(t.visitor, t.seenOn),
  ],
);

/**
 * Notices for the site's admins waiting for the daily digest («Resumen diario» in the settings): a new
 * or resubmitted tool, or one its author withdrew. sent_at is set when the digest that carried it went out.
 */
export const adminNotices = pgTable(
  'admin_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('admin_notices_kind_check', sql`${t.kind} in ('new', 'resubmitted', 'withdrawn')`),
    index('admin_notices_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} IS NULL`),
    index('admin_notices_sent_idx').on(t.sentAt),
  ],
);
