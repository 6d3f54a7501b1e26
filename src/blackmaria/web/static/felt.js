// Where things lie on the felt: the seats round it, and the trick's cards kept clear of the seats' boxes.
import { $, app } from "./state.js";
import { t } from "./i18n.js";

/** Seat positions round the felt: this seat at the bottom, the next seat clockwise (on its left) at the left. */
export function seatPosition(seat, radius = 1, yRadius = radius) {
  const n = app.table.players;
  const me = app.seat === null ? 0 : app.seat;
  const angle = (2 * Math.PI * ((seat - me + n) % n)) / n;
  // On a narrow felt the seats move inwards, so that a seat at the side stays on the screen.
  const width = $("felt").clientWidth;
  // Many seats on a phone: spread wide (keepInside then holds each box on the felt), so that neighbours do not meet.
  const wide = width > 900 ? 41 : width > 600 ? 38 : n >= 6 && radius === 1 ? 42 : 33;
  return { x: 50 - wide * radius * Math.sin(angle), y: 50 + 39 * yRadius * Math.cos(angle) };
}

/**
 * Where a card of a crowded trick (five seats or more on a phone) lies, in px from the felt's middle: in rows by
 * the height of its seat, the top seat's first, two seats at one height side by side towards their sides; each row
 * lies over the one above by less than the card's corner, so every card's rank and suit stay in sight. (Placed
 * towards their seats, a play-test saw the queen of spades under two clubs and a 10 without its suit.)
 */
function crowdedSpot(seat, width, height) {
  const n = app.table.players;
  const heights = [...new Set([...Array(n).keys()].map((other) => seatPosition(other).y.toFixed(1)))].sort((a, b) => a - b);
  const spot = seatPosition(seat);
  const row = heights.indexOf(spot.y.toFixed(1));
  const pitch = Math.round(height * 0.56);
  const side = Math.abs(spot.x - 50) < 1 ? 0 : Math.sign(spot.x - 50);
  return { x: side * (width / 2 + 3), y: (row - (heights.length - 1) / 2) * pitch };
}

/** The cards of a crowded trick in their rows (sized once they are in the page), in % of the felt as any card. */
export function placeCrowded(nodes) {
  const felt = $("felt");
  for (const node of nodes) {
    const spot = crowdedSpot(Number(node.dataset.seat), node.offsetWidth, node.offsetHeight);
    node.style.left = `${((felt.clientWidth / 2 + spot.x) / felt.clientWidth) * 100}%`;
    node.style.top = `${((felt.clientHeight / 2 + spot.y) / felt.clientHeight) * 100}%`;
  }
}

export function keepInside(nodes) {
  const felt = $("felt");
  const width = felt.clientWidth;
  const height = felt.clientHeight;
  const margin = 16; // the felt's wooden rim is 13 px wide (an inset shadow): a box stays off it (a play-test saw "TO PLAY" under it)
  for (const node of nodes) {
    const w = node.offsetWidth;
    const h = node.offsetHeight;
    if (!w || !h) continue;
    const x = (parseFloat(node.style.left) / 100) * width;
    const y = (parseFloat(node.style.top) / 100) * height;
    node.style.left = `${Math.min(Math.max(x, w / 2 + margin), width - w / 2 - margin)}px`;
    node.style.top = `${Math.min(Math.max(y, h / 2 + margin), height - h / 2 - margin)}px`;
  }
  // Two boxes that meet are parted: the one nearer the felt's middle moves away from the other, up or down. A box
  // grows with its lines (a person's long name, the offline mark, the host's button that gives the seat to a
  // computer): seven seats on a phone laid such a box over the player's own.
  const placed = nodes.filter((node) => node.offsetWidth && node.offsetHeight);
  const centre = (node) => ({ x: parseFloat(node.style.left), y: parseFloat(node.style.top), w: node.offsetWidth, h: node.offsetHeight });
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const a = centre(placed[i]);
        const b = centre(placed[j]);
        const across = (a.w + b.w) / 2 - Math.abs(a.x - b.x);
        const down = (a.h + b.h) / 2 - Math.abs(a.y - b.y) + 2;
        if (across <= 0 || down <= 2) continue;
        const [mover, moving, other] = Math.abs(a.y - height / 2) < Math.abs(b.y - height / 2) ? [placed[i], a, b] : [placed[j], b, a];
        const y = moving.y + (moving.y <= other.y ? -down : down);
        mover.style.top = `${Math.min(Math.max(y, moving.h / 2 + margin), height - moving.h / 2 - margin)}px`;
      }
    }
  }
}

/**
 * A card of the trick moved towards the middle until it is clear of the seats' boxes, its own first. Measured, not
 * assumed: a box's height depends on how its lines wrap (the language, the fonts installed), and a fixed spread let
 * the player's own card cover the bottom box by 2 px on one machine and not on another.
 */
export function keepOffSeats(nodes) {
  const felt = $("felt");
  const width = felt.clientWidth;
  const height = felt.clientHeight;
  const gap = 3;
  const boxes = [...document.querySelectorAll("#seats .seat")].filter((box) => box.style.top.endsWith("px"));
  for (const node of nodes) {
    const w = node.offsetWidth;
    const h = node.offsetHeight;
    if (!w || !h || !width || !height) continue;
    // Both are placed by their centres (translate -50%): the card in % of the felt, the box in px (keepInside).
    let x = (parseFloat(node.style.left) / 100) * width;
    let y = (parseFloat(node.style.top) / 100) * height;
    const own = boxes.filter((box) => box.dataset.seat === node.dataset.seat);
    for (const box of [...own, ...boxes.filter((box) => !own.includes(box))]) {
      const bx = parseFloat(box.style.left);
      const by = parseFloat(box.style.top);
      const overlapX = (w + box.offsetWidth) / 2 + gap - Math.abs(x - bx);
      const overlapY = (h + box.offsetHeight) / 2 + gap - Math.abs(y - by);
      if (overlapX <= 0 || overlapY <= 0) continue;
      // The shorter way out, away from the box.
      if (overlapY <= overlapX) y += y < by ? -overlapY : overlapY;
      else x += x < bx ? -overlapX : overlapX;
    }
    node.style.left = `${x}px`;
    node.style.top = `${y}px`;
    // Where the cards from the top and the bottom meet in the middle (a low felt), the lower one lies over the upper
    // one's foot: each card's corner, its rank and suit, stays in sight.
    node.style.zIndex = String(Math.round(y));
  }
}

/** The words in the felt's middle (at the pass on a phone, what to pass): at the middle, or in the gap between the
 * seats' boxes nearest to it that holds them (they ran into the opponents' boxes at three and five seats, a play-test;
 * a box's height depends on its language and its marks). */
export function placeNote() {
  const note = $("center-note");
  note.style.top = "";
  if (!note.textContent) return;
  const felt = $("felt").getBoundingClientRect();
  const own = note.getBoundingClientRect();
  const height = own.height + 4;
  const boxes = [...document.querySelectorAll("#seats .seat")].map((box) => box.getBoundingClientRect());
  const above = boxes.filter((box) => box.left < own.right && box.right > own.left).sort((a, b) => a.top - b.top);
  const gaps = [];
  let top = 0;
  for (const box of above) {
    gaps.push([top, box.top - felt.top]);
    top = Math.max(top, box.bottom - felt.top);
  }
  gaps.push([top, felt.height]);
  const middle = felt.height / 2;
  const spots = gaps.filter(([a, b]) => b - a >= height).map(([a, b]) => Math.min(Math.max(middle, a + height / 2), b - height / 2));
  // No gap holds them: the widest one, where they cover the least.
  const widest = gaps.reduce((best, gap) => (gap[1] - gap[0] > best[1] - best[0] ? gap : best));
  if (!spots.length) spots.push((widest[0] + widest[1]) / 2);
  note.style.top = `${spots.reduce((best, y) => (Math.abs(y - middle) < Math.abs(best - middle) ? y : best))}px`;
}

/** The two-player stock: its face-down pile beside the trick and how many cards it holds (a play-test found a card
 * drawn from it in the hand with nothing on the table to say where it came from). */
export function renderStock() {
  const left = app.view ? app.view.stock_left : 0;
  $("stock").hidden = !left;
  if (left) $("stock-count").textContent = t("web_stock", { count: left });
}
