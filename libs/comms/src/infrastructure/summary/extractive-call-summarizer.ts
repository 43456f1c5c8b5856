import { CallSummarizer, CallSummary } from '../../application/ports/call-summarizer.port';
import type { ActionItem } from '../../domain/phone-call';

/** Words that carry no topic: without them, frequency points at what the call was about. */
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are aren\'t as at be because been before being below ' +
    'between both but by can can\'t cannot could couldn\'t did didn\'t do does doesn\'t doing don\'t down during each ' +
    'few for from further get got had hadn\'t has hasn\'t have haven\'t having he he\'d he\'ll he\'s her here here\'s ' +
    'hers herself him himself his how how\'s i i\'d i\'ll i\'m i\'ve if in into is isn\'t it it\'s its itself just ' +
    'let\'s like me more most mustn\'t my myself no nor not now of off oh ok okay on once only or other ought our ours ' +
    'ourselves out over own really right same shan\'t she she\'d she\'ll she\'s should shouldn\'t so some such sure ' +
    'than thank thanks that that\'s the their theirs them themselves then there there\'s these they they\'d they\'ll ' +
    'they\'re they\'ve this those through to too uh um under until up us very was wasn\'t we we\'d we\'ll we\'re we\'ve ' +
    'well were weren\'t what what\'s when when\'s where where\'s which while who who\'s whom why why\'s will with won\'t ' +
    'would wouldn\'t yeah yes you you\'d you\'ll you\'re you\'ve your yours yourself yourselves hello hi bye goodbye ' +
    'great one need please go going know see call today'
  ).split(' '),
);

/** Phrases that commit someone to do something: each such sentence becomes an action item. */
const COMMITMENTS: readonly RegExp[] = [
  /\b(we|i|you)(\s+will|'ll|\s+would|'d)?\s+need\s+to\b/i,
  /\b(we|you)\s+(will\s+)?need\s+(a|an|the|your|his|her|their|to|certified|original|copies|copy)\b/i,
  /\bplease\s+\w+/i,
  /\b(i|we)('ll|\s+will|\s+shall)\s+(?!not\b|never\b|be\s+(happy|glad)\b)\w+/i,
  /\b(i\s+am|i'm|we\s+are|we're)\s+going\s+to\s+\w+/i,
  /\byou('ll|\s+will)\s+(have|want)\s+to\b/i,
  /\b(you\s+)?(must|should)\s+(send|provide|submit|mail|fax|sign|bring|complete|return|call|include)\b/i,
  /\b(make\s+sure|don't\s+forget|remember)\s+to\b/i,
  /\b(can|could)\s+you\s+(please\s+)?(send|provide|submit|mail|fax|email|e-mail|forward|sign|call|confirm|get)\b/i,
  /\bfollow\s+up\b/i,
];

/** A leading speaker label of a transcript line (`Agent:`, `Mary Jones:`, `[00:01:12] Caller:`). */
const SPEAKER = /^\s*(\[[^\]]*\]\s*)?[A-Za-z][A-Za-z .'-]{0,40}:\s+/;

const MAX_SUMMARY_SENTENCES = 3;
const MAX_ACTION_ITEMS = 20;
const MAX_DESCRIPTION = 500;
const MAX_SUMMARY_CHARS = 2000;

interface Sentence {
  text: string;
  position: number;
  words: string[];
}

function sentencesOf(transcript: string): Sentence[] {
  const sentences: Sentence[] = [];
  for (const line of transcript.split(/\r?\n/)) {
    const utterance = line.replace(SPEAKER, '').trim();
    if (utterance === '') continue;
    // A sentence ends at . ! or ? followed by a space; decimals and amounts ($1,250.00) stay whole.
    for (const piece of utterance.split(/(?<=[.!?])\s+(?=["'(\[]?[A-Z0-9])/)) {
      const text = piece.trim();
      if (text === '') continue;
      sentences.push({ text, position: sentences.length, words: wordsOf(text) });
    }
  }
  return sentences;
}

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9][a-z0-9'$,.-]*[a-z0-9]|[a-z0-9]/g) ?? []).map((word) => word.replace(/'s$/, ''));
}

const isContent = (word: string) => word.length > 2 && !STOP_WORDS.has(word);
/** Amounts, dates, reference and account numbers: what a reader of a call summary most often needs. */
const isFigure = (word: string) => /\d/.test(word);

/**
 * The default call-summary adapter: deterministic and offline. The summary is the transcript's most informative
 * sentences — each scored by the frequency of its content words across the whole call (Luhn's extractive method),
 * with a bonus for figures — kept in the order they were said. Sentences that commit someone to act ("we will need…",
 * "please send…", "I'll…") become action items, in order, without duplicates.
 */
export class ExtractiveCallSummarizer extends CallSummarizer {
  readonly name = 'extractive';

  async summarize(transcript: string): Promise<CallSummary> {
    return this.summarizeNow(transcript);
  }

  /** The same, synchronously: nothing here waits for anything. */
  summarizeNow(transcript: string): CallSummary {
    const sentences = sentencesOf(transcript);
    if (sentences.length === 0) return { summary: transcript.trim().slice(0, MAX_SUMMARY_CHARS), actionItems: [] };
    return { summary: this.summaryOf(sentences), actionItems: this.actionItemsOf(sentences) };
  }

  private summaryOf(sentences: Sentence[]): string {
    const frequency = new Map<string, number>();
    for (const sentence of sentences) for (const word of sentence.words.filter(isContent)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
    const highest = Math.max(1, ...frequency.values());
    const scored = sentences.map((sentence) => {
      const content = sentence.words.filter(isContent);
      const weight = content.reduce((sum, word) => sum + (frequency.get(word) ?? 0) / highest, 0);
      const figures = content.filter(isFigure).length;
      // Normalised by the square root of the length: long sentences do not win by length alone, one-word answers
      // ("Yes.", "Okay, thanks.") never win at all.
      const score = content.length < 3 ? 0 : (weight + 0.5 * figures) / Math.sqrt(content.length);
      return { sentence, score };
    });
    const count = Math.min(MAX_SUMMARY_SENTENCES, Math.max(1, Math.ceil(sentences.length / 4)));
    const chosen = [...scored]
      .sort((a, b) => b.score - a.score || a.sentence.position - b.sentence.position)
      .slice(0, count)
      .sort((a, b) => a.sentence.position - b.sentence.position)
      .map(({ sentence }) => terminated(sentence.text));
    return chosen.join(' ').slice(0, MAX_SUMMARY_CHARS);
  }

  private actionItemsOf(sentences: Sentence[]): ActionItem[] {
    const items: ActionItem[] = [];
    const seen = new Set<string>();
    for (const sentence of sentences) {
      if (!COMMITMENTS.some((pattern) => pattern.test(sentence.text))) continue;
      const description = capitalised(sentence.text).slice(0, MAX_DESCRIPTION);
      const key = description.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({ description, completed: false });
      if (items.length === MAX_ACTION_ITEMS) break;
    }
    return items;
  }
}

function terminated(text: string): string {
  return /[.!?]["')\]]?$/.test(text) ? text : `${text}.`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
