import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  RateLimitError,
} from 'openai';
import sharp from 'sharp';
import { z } from 'zod';
import { ExtractionError, extractionErrors } from './errors.js';

export type VisionConfig = { apiKey: string; baseUrl?: string; model: string; timeoutMs: number };

// Images are sent at most this many pixels on the long side: enough for text, bounded cost.
const MAX_SIDE = 2048;

const READ =
  'You are a text-recognition engine. Return only the text visible in the image, exactly as written, ' +
  'keeping its paragraphs, line breaks and reading order (read columns one after another). ' +
  'Do not describe the image, do not add commentary, do not wrap the text in code fences.';

const READ_TABLES =
  'You are a table-extraction engine. Find every table in the image and return only JSON of the form ' +
  '{"tables":[{"rows":[["cell","cell"],["cell","cell"]]}]}: tables in reading order, rows top to bottom, ' +
  "cells in the order printed, each cell's text exactly as written (a cell of several lines as one string, " +
  'its lines joined by a space; a merged cell\'s text in its first cell and "" in the others). ' +
  'Return {"tables":[]} when there is none. No commentary, no code fences.';

// What the model must answer for tables; anything else is treated as no answer.
const TABLES_ANSWER = z.object({
  tables: z.array(z.object({ rows: z.array(z.array(z.string())) })),
});

const translateTo = (language: string) =>
  ` Then translate that text into ${language} and return only the translation, keeping the same layout.`;

/**
 * An OpenAI-compatible vision model (Chat Completions with an image) through the `openai`
 * package: it reads, and translates in the same call. OPENAI_BASE_URL points it at any
 * compatible server.
 */
export class VisionReader {
  private readonly client: OpenAI;

  constructor(private readonly config: VisionConfig) {
    this.client = new OpenAI({
      apiKey: config.apiKey,
      ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
      timeout: config.timeoutMs,
      maxRetries: 1,
    });
  }

  async read(
    image: Buffer,
    options: { targetLanguage?: string; hint?: string } = {},
  ): Promise<string> {
    const png = await sharp(image)
      .autoOrient()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    let instruction = READ + (options.targetLanguage ? translateTo(options.targetLanguage) : '');
    if (options.hint) {
      instruction += `\n\nA local OCR engine read this page as follows (it may contain errors):\n${options.hint}`;
    }
    return this.complete([
      { type: 'text', text: instruction },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
    ]);
  }

  /**
   * The tables in an image, as rows of cells (`hint`: what the local engine read, which may be
   * wrong). An answer that is not the JSON asked for counts as the model being unavailable.
   */
  async readTables(image: Buffer, options: { hint?: string } = {}): Promise<string[][][]> {
    const png = await sharp(image)
      .autoOrient()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    const instruction = options.hint
      ? `${READ_TABLES}\n\nA local OCR engine read these tables as follows (cells separated by tabs; it may contain errors):\n${options.hint}`
      : READ_TABLES;
    const answer = await this.complete([
      { type: 'text', text: instruction },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
    ]);
    const json = answer.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw extractionErrors.visionUnavailable();
    }
    const tables = TABLES_ANSWER.safeParse(parsed);
    if (!tables.success) throw extractionErrors.visionUnavailable();
    return tables.data.tables.map((table) => table.rows).filter((rows) => rows.length > 0);
  }

  /** Translates text that was read exactly (a PDF's text layer), keeping its layout. */
  async translate(text: string, targetLanguage: string): Promise<string> {
    return this.complete([
      {
        type: 'text',
        text: `Translate the following text into ${targetLanguage}. Return only the translation, keeping its paragraphs and line breaks.\n\n${text}`,
      },
    ]);
  }

  private async complete(
    content: OpenAI.Chat.Completions.ChatCompletionContentPart[],
  ): Promise<string> {
    const started = Date.now();
    try {
      const response = await this.client.chat.completions.create({
        model: this.config.model,
        temperature: 0,
        messages: [{ role: 'user', content }],
      });
      return response.choices[0]?.message.content ?? '';
    } catch (error) {
      // An aborted request is reported as a timeout by the client, or (when the abort comes from
      // another realm, as under test runners) as a connection error after the time limit.
      const timedOut =
        error instanceof APIConnectionTimeoutError ||
        (error instanceof APIConnectionError && Date.now() - started >= this.config.timeoutMs);
      throw timedOut ? extractionErrors.timeout() : toExtractionError(error);
    }
  }
}

function toExtractionError(error: unknown): ExtractionError {
  if (error instanceof RateLimitError) {
    const retryAfter = error.headers.get('retry-after') ?? '20';
    return extractionErrors.visionBusy(/^\d+$/.test(retryAfter) ? retryAfter : '20');
  }
  const status: unknown = error instanceof APIError ? error.status : undefined;
  return extractionErrors.visionUnavailable(typeof status === 'number' ? status : undefined);
}
