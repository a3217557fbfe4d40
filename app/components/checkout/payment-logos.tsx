// Card marks drawn as simple badges (no third-party files), labelled for screen readers.
const BADGES = [
  { name: "Visa", text: "VISA", className: "bg-[#1a1f71] text-white italic font-extrabold" },
  { name: "Mastercard", text: "", className: "bg-[#111] text-white" },
  { name: "American Express", text: "AMEX", className: "bg-[#2e77bc] text-white font-extrabold" },
  { name: "Apple Pay", text: "Apple Pay", className: "bg-black text-white font-semibold w-auto px-2" },
] as const;

export function PaymentLogos() {
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Accepted payment methods">
      {BADGES.map((badge) => (
        <li key={badge.name}>
          <span
            role="img"
            aria-label={badge.name}
            title={badge.name}
            className={`inline-flex h-7 w-12 items-center justify-center rounded text-[11px] tracking-tight ${badge.className}`}
          >
            {badge.name === "Mastercard" ? (
              <svg viewBox="0 0 36 22" className="h-4" aria-hidden="true">
                <circle cx="13" cy="11" r="9" fill="#eb001b" />
                <circle cx="23" cy="11" r="9" fill="#f79e1b" fillOpacity="0.9" />
              </svg>
            ) : (
              <span aria-hidden="true">{badge.text}</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
