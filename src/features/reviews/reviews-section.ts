/**
 * Browser-only: the tool page's «Valoraciones» (ReviewsSection.astro). Reads /api/reviews on load, so a review
 * published a moment ago shows without a rebuild, and drives the form, «¿Te ha sido útil?» and «Denunciar».
 * Every text from a review goes in with textContent: reviews are plain text and never become markup.
 */
import { openAuthDialog } from '../../components/account/auth-dialog-store.ts';
import { whenSignedIn } from '../../components/account/signed-in-signal.ts';
import { showToast } from '../../components/toast/toast-store.ts';
import { averageRating, formatRating, ratingSummaryText, starString } from '../../lib/rating.ts';
import {
  helpfulLabel,
  helpfulPath,
  replyPath,
  replyToReviewPath,
  REVIEW_TEXT_FIELDS,
  REVIEWS_ENDPOINT,
  reportPath,
  reviewDate,
  reviewPath,
  type PublicReview,
  type ReviewOrder,
  type ReviewsPage,
  type ReviewsSummary,
} from './reviews.ts';

interface ErrorAnswer {
  error?: string;
  code?: string;
  fields?: Record<string, string>;
}

const NETWORK_ERROR = 'No se pudo conectar. Comprueba tu conexión e inténtalo de nuevo.';

async function send(method: string, path: string, body?: unknown): Promise<{ ok: boolean; status: number; data: unknown }> {
  try {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    return { ok: response.ok, status: response.status, data };
  } catch {
    return { ok: false, status: 0, data: { error: NETWORK_ERROR } };
  }
}

const errorText = (data: unknown) => (data as ErrorAnswer | null)?.error ?? NETWORK_ERROR;

export function startReviewsSection(section: HTMLElement): void {
  const toolId = section.dataset.reviews!;
  const $ = <T extends Element = HTMLElement>(selector: string) => section.querySelector<T>(selector)!;
  const list = $<HTMLOListElement>('[data-reviews-list]');
  const template = $<HTMLTemplateElement>('[data-review-template]');
  const form = $<HTMLFormElement>('[data-review-form]');
  const more = $<HTMLButtonElement>('[data-reviews-more]');
  const deleteButton = $<HTMLButtonElement>('[data-review-delete]');
  let order: ReviewOrder = 'recientes';
  let page = 1;
  let own: PublicReview | null = null;
  /** Whether the last answer saw a session; null until the first one arrives. */
  let signedIn: boolean | null = null;
  /** The visitor is the tool's verified maker: they reply to reviews instead of rating. */
  let isMaker = false;
  /** Each listed review's maker reply, so «Editar respuesta» can fill the form. */
  const replies = new Map<string, PublicReview['reply']>();

  function paintSummary(summary: ReviewsSummary): void {
    const rated = summary.ratingCount > 0;
    $('[data-reviews-average]').textContent = rated ? formatRating(averageRating(summary)) : '–';
    $('[data-reviews-stars]').textContent = starString(averageRating(summary));
    $('[data-reviews-summary]').textContent = ratingSummaryText(summary);
    const bars = $('[data-reviews-distribution]');
    bars.hidden = !rated;
    summary.distribution.forEach((count, index) => {
      const row = bars.querySelector<HTMLElement>(`[data-stars="${5 - index}"]`)!;
      row.querySelector<HTMLElement>('[data-bar]')!.style.width = `${rated ? Math.round((count / summary.ratingCount) * 100) : 0}%`;
      row.querySelector('[data-bar-count]')!.textContent = String(count);
    });
  }

  function reviewItem(review: PublicReview): HTMLElement {
    const item = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
    item.dataset.review = review.id;
    const slot = (name: string) => item.querySelector<HTMLElement>(`[data-slot="${name}"]`)!;
    slot('stars').textContent = starString(review.rating);
    slot('stars').setAttribute('aria-label', `${review.rating} de 5 estrellas`);
    slot('stars').setAttribute('role', 'img');
    slot('author').textContent = review.authorName;
    slot('date').textContent = reviewDate(review.createdAt);
    for (const name of ['title', 'body'] as const) {
      slot(name).textContent = review[name];
      slot(name).hidden = review[name] === '';
    }
    for (const name of ['pros', 'cons'] as const) {
      slot(name).querySelector('span')!.textContent = review[name];
      slot(name).hidden = review[name] === '';
    }
    slot('helpful-count').textContent = helpfulLabel(review.helpfulCount);
    const helpful = item.querySelector<HTMLButtonElement>('[data-action="helpful"]')!;
    const report = item.querySelector<HTMLButtonElement>('[data-action="report"]')!;
    if (review.mine) {
      helpful.hidden = true;
      report.hidden = true;
    }
    if (review.votedHelpful) markVoted(helpful);
    replies.set(review.id, review.reply);
    const { reply } = review;
    slot('reply').hidden = reply === null;
    if (reply) {
      slot('reply-maker').textContent = `· ${reply.makerName} · ${reviewDate(reply.createdAt)}`;
      slot('reply-body').textContent = reply.body;
      slot('reply-own').hidden = !reply.mine;
    }
    item.querySelector<HTMLButtonElement>('[data-action="reply"]')!.hidden = !isMaker || reply !== null;
    // Ids unique per review, so each reply form's label points at its own textarea.
    const textarea = slot('reply-form').querySelector('textarea')!;
    textarea.id = `respuesta-${review.id}`;
    slot('reply-label').setAttribute('for', textarea.id);
    slot('reply-error').id = `respuesta-error-${review.id}`;
    textarea.setAttribute('aria-describedby', slot('reply-error').id);
    return item;
  }

  /** Opens the reply form under a review, empty or with the maker's reply to edit. */
  function openReplyForm(item: HTMLElement, body: string): void {
    const replyForm = item.querySelector<HTMLFormElement>('[data-slot="reply-form"]')!;
    replyForm.hidden = false;
    const textarea = replyForm.querySelector('textarea')!;
    textarea.value = body;
    textarea.focus();
  }

  async function sendReply(item: HTMLElement, replyForm: HTMLFormElement): Promise<void> {
    const reply = replies.get(item.dataset.review!);
    const body = replyForm.querySelector('textarea')!.value;
    const error = replyForm.querySelector<HTMLElement>('[data-slot="reply-error"]')!;
    const submit = replyForm.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    submit.disabled = true;
    const result = reply ? await send('PUT', replyPath(reply.id), { body }) : await send('POST', replyToReviewPath(item.dataset.review!), { body });
    submit.disabled = false;
    if (!result.ok) {
      const answer = result.data as ErrorAnswer | null;
      error.textContent = answer?.fields?.body ?? errorText(result.data);
      replyForm.querySelector('textarea')!.setAttribute('aria-invalid', 'true');
      if (result.status === 401) openAuthDialog(submit);
      return;
    }
    showToast({ title: reply ? 'Respuesta actualizada' : 'Respuesta publicada' });
    await reload();
  }

  function markVoted(button: HTMLButtonElement): void {
    button.setAttribute('aria-pressed', 'true');
    button.disabled = true;
    button.textContent = 'Te ha sido útil';
  }

  function fillForm(signedIn: boolean, isMaker: boolean): void {
    $('[data-reviews-guest]').hidden = signedIn;
    $('[data-reviews-maker]').hidden = !isMaker;
    form.hidden = !signedIn || isMaker;
    const editing = own !== null;
    $('[data-review-form-title]').textContent = editing ? 'Editar tu valoración' : 'Tu valoración';
    $('[data-review-submit]').textContent = editing ? 'Guardar cambios' : 'Publicar valoración';
    deleteButton.hidden = !editing;
    if (!own) return;
    const rating = form.querySelector<HTMLInputElement>(`input[name="rating"][value="${own.rating}"]`);
    if (rating) rating.checked = true;
    for (const name of REVIEW_TEXT_FIELDS) (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement).value = own[name];
  }

  async function load(append = false): Promise<void> {
    const query = new URLSearchParams({ toolId, orden: order, pagina: String(page) });
    const { ok, data } = await send('GET', `${REVIEWS_ENDPOINT}?${query}`);
    if (!ok) return;
    const answer = data as ReviewsPage;
    paintSummary(answer.summary);
    isMaker = answer.isMaker;
    if (!append) {
      list.replaceChildren();
      replies.clear();
    }
    list.append(...answer.reviews.map(reviewItem));
    $('[data-reviews-empty]').hidden = list.childElementCount > 0;
    $('[data-review-orders]').hidden = answer.summary.ratingCount < 2;
    more.hidden = !answer.hasMore;
    if (!append) {
      own = answer.own;
      signedIn = answer.signedIn;
      fillForm(answer.signedIn, answer.isMaker);
    }
  }

  function reload(): Promise<void> {
    page = 1;
    return load();
  }

  function showFieldErrors(fields: Record<string, string>): void {
    for (const output of form.querySelectorAll<HTMLElement>('[data-field-error]')) {
      const name = output.dataset.fieldError!;
      output.textContent = fields[name] ?? '';
      for (const input of form.querySelectorAll<HTMLElement>(`[name="${name}"]`)) {
        if (fields[name]) input.setAttribute('aria-invalid', 'true');
        else input.removeAttribute('aria-invalid');
      }
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const rating = Number(data.get('rating') ?? 0);
    const error = $('[data-review-form-error]');
    if (!rating) {
      showFieldErrors({ rating: 'Elige de 1 a 5 estrellas.' });
      form.querySelector<HTMLInputElement>('input[name="rating"]')!.focus();
      return;
    }
    const body: Record<string, unknown> = { rating };
    for (const name of REVIEW_TEXT_FIELDS) body[name] = String(data.get(name) ?? '');
    const submit = $<HTMLButtonElement>('[data-review-submit]');
    submit.disabled = true;
    const result = own ? await send('PUT', reviewPath(own.id), body) : await send('POST', REVIEWS_ENDPOINT, { ...body, toolId });
    submit.disabled = false;
    if (!result.ok) {
      showFieldErrors((result.data as ErrorAnswer | null)?.fields ?? {});
      error.textContent = errorText(result.data);
      if (result.status === 401) openAuthDialog(submit);
      return;
    }
    showFieldErrors({});
    error.textContent = '';
    showToast({ title: own ? 'Valoración actualizada' : '¡Gracias! Tu valoración ya está publicada.' });
    await reload();
  });

  deleteButton.addEventListener('click', async () => {
    if (!own || !window.confirm('¿Borrar tu valoración? No se puede deshacer.')) return;
    const result = await send('DELETE', reviewPath(own.id));
    if (!result.ok) {
      $('[data-review-form-error]').textContent = errorText(result.data);
      return;
    }
    form.reset();
    showToast({ title: 'Valoración borrada' });
    await reload();
  });

  list.addEventListener('submit', (event) => {
    const replyForm = event.target as HTMLFormElement;
    const item = replyForm.closest<HTMLElement>('[data-review]');
    if (!item) return;
    event.preventDefault();
    void sendReply(item, replyForm);
  });

  async function deleteReply(item: HTMLElement, button: HTMLButtonElement): Promise<void> {
    const reply = replies.get(item.dataset.review!);
    if (!reply || !window.confirm('¿Borrar tu respuesta? No se puede deshacer.')) return;
    const result = await send('DELETE', replyPath(reply.id));
    if (!result.ok) {
      if (result.status === 401) openAuthDialog(button);
      else showToast({ title: 'No se pudo borrar', description: errorText(result.data), variant: 'destructive' });
      return;
    }
    showToast({ title: 'Respuesta borrada' });
    await reload();
  }

  list.addEventListener('click', async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-action]');
    const item = button?.closest<HTMLElement>('[data-review]');
    if (!button || !item) return;
    const id = item.dataset.review!;
    const action = button.dataset.action;
    if (action === 'reply' || action === 'reply-edit') return openReplyForm(item, replies.get(id)?.body ?? '');
    if (action === 'reply-cancel') {
      item.querySelector<HTMLElement>('[data-slot="reply-form"]')!.hidden = true;
      return;
    }
    if (action === 'reply-delete') return deleteReply(item, button);
    const helpful = action === 'helpful';
    if (!helpful && !window.confirm('¿Denunciar esta valoración? Un administrador la revisará.')) return;
    button.disabled = true;
    const result = await send('POST', helpful ? helpfulPath(id) : reportPath(id), {});
    if (!result.ok) {
      button.disabled = false;
      if (result.status === 401) openAuthDialog(button);
      else showToast({ title: 'No se pudo guardar', description: errorText(result.data), variant: 'destructive' });
      return;
    }
    if (helpful) {
      markVoted(button);
      item.querySelector('[data-slot="helpful-count"]')!.textContent = helpfulLabel((result.data as { helpfulCount: number }).helpfulCount);
    } else {
      button.textContent = 'Denunciada';
      showToast({ title: 'Gracias por avisar', description: 'Un administrador revisará esta valoración.' });
    }
  });

  for (const button of section.querySelectorAll<HTMLButtonElement>('[data-review-order]')) {
    button.addEventListener('click', () => {
      order = button.dataset.reviewOrder as ReviewOrder;
      for (const other of section.querySelectorAll('[data-review-order]')) other.setAttribute('aria-pressed', String(other === button));
      void reload();
    });
  }
  more.addEventListener('click', () => {
    page += 1;
    void load(true);
  });
  $('[data-reviews-sign-in]').addEventListener('click', (event) => openAuthDialog(event.currentTarget as HTMLElement));
  // Signing in through the dialog keeps the page: the form and the visitor's own review appear then.
  void reload();
  whenSignedIn(() => {
    if (signedIn === false) void reload();
  });
}
