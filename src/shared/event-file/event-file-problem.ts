/** One thing wrong with an event file: where (JSON pointer) and a sentence for the operator. */
export interface EventFileProblem {
  pointer: string;
  message: string;
}

/** Languages the checker writes its sentences in. */
export type ProblemLang = 'es' | 'en';
