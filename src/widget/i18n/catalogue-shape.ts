/**
 * The shape every language's catalogue has: the keys of the pt-BR source and the
 * `{placeholders}` of its texts. A module of its own, below catalogue.ts, because the catalogue
 * loads the languages and each language is checked against this shape.
 */
import type { ptBR } from './messages/pt-BR.js';

/**
 * A text that depends on a count: `one` for what the locale calls singular, `other` for
 * the rest. pt-BR and es also have a `many` category (round millions), which reads as `other`.
 */
export interface PluralForms {
  readonly one: string;
  readonly other: string;
}

type Source = typeof ptBR;

/** Every text of the widget, keyed as in the pt-BR source; plural texts keep their two forms. */
export type Messages = { readonly [K in keyof Source]: Source[K] extends string ? string : PluralForms };

/** The name of one text of the catalogue. */
export type MessageKey = keyof Messages;

type PlaceholdersOf<Text> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never;
type TextsOf<Value> = Value extends string ? Value : Value[keyof Value];

/** The `{placeholders}` of a text in the source, plus `count` for a plural text. */
export type MessageParamName<K extends MessageKey> =
  | PlaceholdersOf<TextsOf<Source[K]>>
  | (Source[K] extends string ? never : 'count');

/** The values a text needs, by placeholder name; rendered as plain text. */
export type MessageParams<K extends MessageKey> = { readonly [Name in MessageParamName<K>]: string | number };
