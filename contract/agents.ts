import { Type, type Static } from '@sinclair/typebox';

// The parse-only entry (issue 29): sentences read by the generator's planner and grammar without a
// page, answered in the phrasing corpus's vocabulary (docs/generation.md, "Reading sentences").

/** Bounds of one call: a corpus of a few hundred lines fits, a book does not. */
export const PARSE_LIMITS = { sentences: 500, sentenceLength: 2000 } as const;

export const ParseBody = Type.Object(
  {
    sentences: Type.Array(Type.String({ maxLength: PARSE_LIMITS.sentenceLength }), {
      minItems: 1,
      maxItems: PARSE_LIMITS.sentences,
    }),
  },
  { additionalProperties: false },
);
export type ParseBody = Static<typeof ParseBody>;

export const ParsedStep = Type.Object({
  /** navigate, click, fill, select_option, check, press_key, assert_text, assert_hidden, login, … */
  action: Type.String(),
  /** The element in the sentence's words, without the place it is in. */
  target: Type.Optional(Type.String()),
  /** Typed text, option, key, count or URL part; a log-in's username and password. */
  value: Type.Optional(Type.Union([Type.String(), Type.Record(Type.String(), Type.String())])),
  /** The region, row, item or section the element is in ('in the left navigation'). */
  where: Type.Optional(Type.String()),
  /** A negative check without a positive twin ('the total does not read $0'). */
  negated: Type.Optional(Type.Boolean()),
});
export type ParsedStep = Static<typeof ParsedStep>;

/** One sentence: its steps, or why the generator would refuse it. */
export const ParsedSentence = Type.Object({
  sentence: Type.String(),
  steps: Type.Optional(Type.Array(ParsedStep)),
  refused: Type.Optional(Type.String()),
});

export const ParseReply = Type.Object({ readings: Type.Array(ParsedSentence) });
export type ParseReply = Static<typeof ParseReply>;
