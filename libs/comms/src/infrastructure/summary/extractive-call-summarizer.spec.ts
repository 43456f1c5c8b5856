import { ExtractiveCallSummarizer } from './extractive-call-summarizer';

const TRANSCRIPT = `Agent: Thank you for calling First Prairie Bank, estate services, this is Dana speaking.
Caller: Hi Dana. I'm calling about my father's accounts. He passed away on August 3rd, and I'm the executor of his estate.
Agent: I'm sorry for your loss. Can I have the name on the account?
Caller: Samuel Okafor. The checking account ends in 4417.
Agent: Thank you. I see the checking account ending in 4417 with a balance of $12,480.55, and a savings account ending in 0932.
Agent: To close the accounts we will need a certified copy of the death certificate and the letters testamentary from the court.
Caller: Okay. Should I bring them to a branch?
Agent: You can mail them or upload them. Please send the documents to our estate processing center at PO Box 4410, Springfield.
Agent: Once we receive them, the accounts will be frozen and the balance released to the estate account within 10 business days.
Caller: I'll mail the death certificate tomorrow. The letters should come from the court next week.
Agent: Great. I'll add a note to the file with reference number EST-88213.
Caller: Thanks, Dana. Bye.
Agent: Goodbye.`;

describe('ExtractiveCallSummarizer', () => {
  const summarizer = new ExtractiveCallSummarizer();

  it('summarises a realistic call with its most informative sentences, in the order they were said', async () => {
    const { summary } = await summarizer.summarize(TRANSCRIPT);
    expect(summary.length).toBeGreaterThan(40);
    expect(summary.length).toBeLessThan(TRANSCRIPT.length / 2);
    // Speaker labels and small talk are gone; the figures and the documents the bank needs are kept.
    expect(summary).not.toMatch(/Agent:|Caller:/);
    expect(summary).not.toMatch(/Goodbye|Thanks, Dana/);
    expect(summary).toMatch(/4417|12,480\.55|death certificate|letters testamentary/);
    const sentences = summary.split(/(?<=[.!?])\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(3);
    const positions = sentences.map((sentence) => TRANSCRIPT.indexOf(sentence.replace(/\.$/, '')));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('turns the commitments into action items, none completed', async () => {
    const { actionItems } = await summarizer.summarize(TRANSCRIPT);
    expect(actionItems).toEqual([
      {
        description: 'To close the accounts we will need a certified copy of the death certificate and the letters testamentary from the court.',
        completed: false,
      },
      { description: 'Please send the documents to our estate processing center at PO Box 4410, Springfield.', completed: false },
      { description: "I'll mail the death certificate tomorrow.", completed: false },
      { description: "I'll add a note to the file with reference number EST-88213.", completed: false },
    ]);
  });

  it('is deterministic', async () => {
    expect(await summarizer.summarize(TRANSCRIPT)).toEqual(await summarizer.summarize(TRANSCRIPT));
  });

  it('copes with a one-line transcript, no punctuation and no commitments', () => {
    expect(summarizer.summarizeNow('left a voicemail for the estate department')).toEqual({
      summary: 'left a voicemail for the estate department.',
      actionItems: [],
    });
    expect(summarizer.summarizeNow('   ')).toEqual({ summary: '', actionItems: [] });
  });

  it('does not repeat an action item said twice, and ignores refusals', () => {
    const { actionItems } = summarizer.summarizeNow('Please send the will. Please send the will! I will not call again.');
    expect(actionItems).toEqual([{ description: 'Please send the will.', completed: false }]);
  });
});
