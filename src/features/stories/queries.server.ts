/** The signed-in user's generated stories, listed newest first, five at a time. */
import type { SavedStory } from './story.ts';
import { getPool } from '../../server/db/client.ts';

export const STORY_LIST_LIMIT = 5;

interface StoryRow {
  id: string;
  title: string;
  prompt: string;
  content: string;
  options: SavedStory['options'];
  created_at: Date;
}

const toStory = (row: StoryRow): SavedStory => ({
  id: row.id,
  title: row.title,
  prompt: row.prompt,
  content: row.content,
  options: row.options,
  createdAt: row.created_at.toISOString(),
});

export async function insertStory(story: {
  userId: string;
  title: string;
  prompt: string;
  content: string;
  options: SavedStory['options'];
}): Promise<SavedStory> {
  const { rows } = await getPool().query<StoryRow>(
    `INSERT INTO generated_stories (user_id, title, prompt, options, content)
     VALUES ($1, $2, $3, $4, $5)
     RETURNING id, title, prompt, content, options, created_at`,
    [story.userId, story.title, story.prompt, JSON.stringify(story.options), story.content],
  );
  return toStory(rows[0]!);
}

export async function listRecentStories(userId: string, limit = STORY_LIST_LIMIT): Promise<SavedStory[]> {
  const { rows } = await getPool().query<StoryRow>(
    `SELECT id, title, prompt, content, options, created_at FROM generated_stories
     WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map(toStory);
}
