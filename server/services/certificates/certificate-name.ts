// The name printed on a public certificate must be a person's name: never blank and never an e-mail
// address (issue 28: the address once stood in for a missing full name, printed on a public document).

const EMAIL_SHAPED = /\S+@\S+\.\S+/;

/** True when `name` is fit to print: non-blank and not shaped like an e-mail address. */
export function isPrintableName(name: string | null | undefined): boolean {
  const clean = (name ?? '').trim();
  return clean.length > 0 && !EMAIL_SHAPED.test(clean);
}
