// The small picture on an attachment's chip: a page for a file, a framed landscape for an image.
// Drawn, not a character: an emoji needs a font the page may not have.
export function AttachmentIcon({ kind }: { readonly kind: 'file' | 'image' }) {
  return (
    <svg
      className="attachment-icon"
      aria-hidden="true"
      viewBox="0 0 16 16"
      width="12"
      height="12"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.3"
    >
      {kind === 'image' ? (
        <>
          <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" />
          <path d="M2.5 12l3.5-4 3 3 2-2 3 3" />
          <circle cx="11" cy="5.5" r="1.2" />
        </>
      ) : (
        <>
          <path d="M3.5 1.5h6l3 3v10h-9z" />
          <path d="M9.5 1.5v3h3M5.5 8h5M5.5 10.5h5" />
        </>
      )}
    </svg>
  );
}
