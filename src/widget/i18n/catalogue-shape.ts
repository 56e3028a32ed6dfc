/**
 * The shape every language's catalogue has: the keys of the pt-BR source and the
 * `{placeholders}` of its texts. A module of its own, below catalogue.ts, because the catalogue
 * loads the languages and each language is checked against this shape. Each language comes in
 * three parts, each checked against its own pt-BR source: the form's texts, the card form's own
 * and the Pix and boleto views' own.
 */
import type ptBR from './messages/pt-BR.js';
import type ptBRCard from './messages/pt-BR.card.js';
import type ptBRResults from './messages/pt-BR.results.js';

/**
 * A text that depends on a count: `one` for what the locale calls singular, `other` for
 * the rest. pt-BR and es also have a `many` category (round millions), which reads as `other`.
 */
export interface PluralForms {
  readonly one: string;
  readonly other: string;
}

type Source = typeof ptBR & typeof ptBRCard & typeof ptBRResults;

/** The texts of a pt-BR source, keyed as in it; plural texts keep their two forms. */
type PartTexts<Part> = { readonly [K in keyof Part]: Part[K] extends string ? string : PluralForms };

/** Every text of the widget, all three parts. */
export type Messages = PartTexts<Source>;

/** The part fetched before the form: every text but the card form's and the Pix and boleto views' own. */
export type FormMessages = PartTexts<typeof ptBR>;

/** The part fetched with the card form: its own texts. */
export type CardMessages = PartTexts<typeof ptBRCard>;

/** The part fetched with the Pix and boleto views: their own texts. */
export type ResultMessages = PartTexts<typeof ptBRResults>;

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
