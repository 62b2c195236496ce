// The real-name rules, one for the form as typed and for POST /api/user_real/real_name; the answer is an errors.* key.
export const NAME_MAX = 100;
export const CARD_ID_MIN = 4;
export const CARD_ID_MAX = 30;

const NAME_RE = /^\p{L}[\p{L}\p{M} .'’·-]*$/u;
const CARD_ID_RE = /^[A-Za-z0-9-]+$/;

export type NameProblem = 'name_required' | 'name_invalid';
export type CardIdProblem = 'id_number_required' | 'id_number_invalid';

export const cleanName = (raw: string): string => raw.trim().replace(/\s+/g, ' ');
export const cleanCardId = (raw: string): string => raw.trim().toUpperCase();

export function nameProblem(raw: string): NameProblem | null {
  const name = cleanName(raw);
  if (name === '') return 'name_required';
  return [...name].length <= NAME_MAX && NAME_RE.test(name) ? null : 'name_invalid';
}

export function cardIdProblem(raw: string): CardIdProblem | null {
  const id = cleanCardId(raw);
  if (id === '') return 'id_number_required';
  return id.length >= CARD_ID_MIN && id.length <= CARD_ID_MAX && CARD_ID_RE.test(id) ? null : 'id_number_invalid';
}
