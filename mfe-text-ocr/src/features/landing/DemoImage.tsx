// A drawn example of what the tool does: a photographed note on the left, its text on the right.
export function DemoImage() {
  return (
    <svg
      role="img"
      aria-label="Example: a photo of a handwritten note becomes editable text"
      viewBox="0 0 480 220"
      width="100%"
      style={{ maxWidth: 480 }}
    >
      <rect x="10" y="20" width="190" height="180" rx="10" fill="#fffbe6" stroke="#d6dce5" />
      <path
        d="M30 60 q20 -12 40 0 t40 0 t40 0 M30 95 q20 -12 40 0 t40 0 t30 0 M30 130 q20 -12 40 0 t40 0 t50 0 M30 165 q20 -12 40 0 t30 0"
        fill="none"
        stroke="#2456d6"
        strokeWidth="3"
      />
      <path d="M215 110 h45 m-12 -12 l12 12 l-12 12" fill="none" stroke="#556070" strokeWidth="4" />
      <rect x="280" y="20" width="190" height="180" rx="10" fill="#ffffff" stroke="#d6dce5" />
      <text x="296" y="64" fontSize="16" fill="#1b2330">
        Meeting notes
      </text>
      <text x="296" y="99" fontSize="16" fill="#1b2330">
        Send invoices by Friday
      </text>
      <text x="296" y="134" fontSize="16" fill="#1b2330">
        Call the printer
      </text>
      <text x="296" y="169" fontSize="16" fill="#1b2330">
        Book room 4
      </text>
    </svg>
  );
}
