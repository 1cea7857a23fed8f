// The help line over the Hearts points (pure, tested under Node): what each card costs, read from
// the engine's entry form (`card_points` of the points field, scoring/hearts/forms.py), so a house
// rule that changes a card's value changes the numbers shown.
import { _, fmt } from "../i18n.js";

const HEARTS = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"];

// The text, or null when the form names no card points (the line is then left out).
export function pointsHelp(field) {
  const points = field && field.card_points;
  if (!points) return null;
  const hearts = HEARTS.map((c) => points[c] || 0);
  const queen = points.QS || 0;
  if (hearts.every((v) => v === hearts[0])) {
    return fmt(_("Hearts %(heart)s each, Q♠ %(queen)s. Leave a player empty for 0."), { heart: hearts[0], queen });
  }
  const [jack, queenOfHearts, king, ace] = hearts.slice(9);
  return fmt(_("Hearts count their pips (J %(jack)s, Q %(queen_of_hearts)s, K %(king)s, A %(ace)s), Q♠ %(queen)s. Leave a player empty for 0."),
    { jack, queen_of_hearts: queenOfHearts, king, ace, queen });
}
