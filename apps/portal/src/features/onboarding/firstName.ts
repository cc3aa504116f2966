/** "Ana" of "Dra. Ana Souza": the first word that is not a title. */
export function firstNameOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words.find((w) => !/^(dra?|prof[ae]?|sra?)\.?$/i.test(w));
  return first ?? '';
}
