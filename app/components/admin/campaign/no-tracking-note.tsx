/** What the campaign's emails do not do, said where staff write and send them. */
export function NoTrackingNote() {
  return (
    <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
      <strong className="text-ink">No open or click tracking.</strong> The email has no tracking pixel and its
      links are not rewritten: they go straight where you wrote them.
    </p>
  );
}
