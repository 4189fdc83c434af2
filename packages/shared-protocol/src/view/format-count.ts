// A count as en-US writes it (`12345` → `12,345`), for what the model and the user read: tool
// notes, token counts. Whole numbers are grouped here, not by toLocaleString, whose first call
// loads ICU's number formats (~60 ms of a start-up that has not loaded them).

export function formatCount(count: number): string {
  if (Number.isSafeInteger(count) && !Object.is(count, -0)) {
    return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
  }
  return count.toLocaleString('en-US');
}
