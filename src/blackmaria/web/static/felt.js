// Where things lie on the felt: the seats round it, and the trick's cards kept clear of the seats' boxes and of each other.
import { $, app } from "./state.js";
import { t } from "./i18n.js";

/** A seat's angle round the felt from this seat's (at the bottom), clockwise. */
function seatAngle(seat) {
  const n = app.table.players;
  const me = app.seat === null ? 0 : app.seat;
  return (2 * Math.PI * ((seat - me + n) % n)) / n;
}

/** Seat positions round the felt: this seat at the bottom, the next seat clockwise (on its left) at the left. */
export function seatPosition(seat, radius = 1, yRadius = radius) {
  const n = app.table.players;
  const angle = seatAngle(seat);
  // On a narrow felt the seats move inwards, so that a seat at the side stays on the screen.
  const width = $("felt").clientWidth;
  // Many seats on a phone: spread wide (keepInside then holds each box on the felt), so that neighbours do not meet.
  const wide = width > 900 ? 41 : width > 600 ? 38 : n >= 6 && radius === 1 ? 42 : 33;
  return { x: 50 - wide * radius * Math.sin(angle), y: 50 + 39 * yRadius * Math.cos(angle) };
}

const RIM = 16; // the felt's wooden rim is 13 px wide (an inset shadow): a box stays off it (a play-test saw "TO PLAY" under it)

export function keepInside(nodes) {
  const felt = $("felt");
  const width = felt.clientWidth;
  const height = felt.clientHeight;
  for (const node of nodes) {
    const w = node.offsetWidth;
    const h = node.offsetHeight;
    if (!w || !h) continue;
    const x = (parseFloat(node.style.left) / 100) * width;
    const y = (parseFloat(node.style.top) / 100) * height;
    node.style.left = `${Math.min(Math.max(x, w / 2 + RIM), width - w / 2 - RIM)}px`;
    node.style.top = `${Math.min(Math.max(y, h / 2 + RIM), height - h / 2 - RIM)}px`;
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
        mover.style.top = `${Math.min(Math.max(y, moving.h / 2 + RIM), height - moving.h / 2 - RIM)}px`;
      }
    }
  }
}

/** Where a card of the trick would lie, in % of the felt: towards its seat. On a phone the seats' boxes take more of
 * the felt (their lines wrap): the trick keeps nearer its middle, less so up and down at four seats or fewer, where
 * the felt has room between the top and bottom boxes (at 0.26 both ways the four cards piled up, a play-test). */
export function trickSpot(seat) {
  const narrow = $("felt").clientWidth <= 600;
  return narrow ? seatPosition(seat, 0.26, app.table.players <= 4 ? 0.36 : 0.26) : seatPosition(seat, 0.38);
}

const CARD_GAP = 4; // px between two cards of the trick
const BOX_GAP = 3; // px between a card and a seat's box
const BOX_ROOM = 6; // px more round each box where the trick has room: a box may grow while the trick fills
let laid = { key: null, spots: new Map() }; // the trick on the felt, and where each seat's card lies in it
let turnLine = 16; // px a seat's box grows by at its turn (measured once a box shows it)

/**
 * The trick's cards, each whole in sight: off the seats' boxes and off each other. Planned for every seat at the
 * trick's first card, so that the cards to come have their room, and kept: a card once laid stays where it is while
 * its place stays clear (a seat's box grows by a line at its turn). The places are measured, not assumed: a box's
 * height depends on how its lines wrap (the language, the fonts), and a fixed spread let the player's own card cover
 * the bottom box by 2 px on one machine and not on another.
 */
export function layTrick(nodes, trick) {
  const felt = $("felt");
  const width = felt.clientWidth;
  const height = felt.clientHeight;
  const card = nodes.find((node) => node.offsetWidth && node.offsetHeight);
  if (!card || !width || !height) return;
  const [w, h] = [card.offsetWidth, card.offsetHeight];
  // Both are placed by their centres (translate -50%): the boxes in px (keepInside).
  const seats = [...document.querySelectorAll("#seats .seat")].filter((box) => box.style.top.endsWith("px"));
  const measured = seats.map((box) => ({ x: parseFloat(box.style.left), y: parseFloat(box.style.top), w: box.offsetWidth, h: box.offsetHeight }));
  // The boxes with room to grow while the trick fills, where the felt has it: each as tall as with the line that says
  // it is to play, which goes round the table (at seven seats the player's own box, grown by it, met the card laid
  // beside it), and a few px wider all round (a number grows a digit as the tricks are taken). A box at the rim grows
  // away from it: keepInside holds it on the felt.
  const mark = document.querySelector("#seats .turn-mark");
  if (mark) turnLine = mark.offsetHeight + (parseFloat(getComputedStyle(mark.parentElement).rowGap) || 0);
  const roomy = measured.map((box, i) => {
    const h = box.h + (seats[i].querySelector(".turn-mark") ? 0 : turnLine);
    const y = Math.min(Math.max(box.y, h / 2 + RIM), height - h / 2 - RIM);
    return { x: box.x, y, w: box.w + 2 * BOX_ROOM, h: h + 2 * BOX_ROOM };
  });
  // A card's place on the felt, clear of the ``boxes``.
  const clearOf = (boxes) => (x, y) =>
    x >= w / 2 + BOX_GAP && x <= width - w / 2 - BOX_GAP && y >= h / 2 + BOX_GAP && y <= height - h / 2 - BOX_GAP &&
    boxes.every((box) => Math.abs(x - box.x) >= (w + box.w) / 2 + BOX_GAP || Math.abs(y - box.y) >= (h + box.h) / 2 + BOX_GAP);
  const key = `${trick}:${width}x${height}:${w}x${h}`;
  const shown = nodes.map((node) => Number(node.dataset.seat));
  const stays = (seat) => laid.key === key && laid.spots.has(seat) && clearOf(measured)(laid.spots.get(seat).x, laid.spots.get(seat).y);
  // The trick laid out clear of the ``boxes``, around the cards ``keep``.
  const layOut = (boxes, keep) => {
    const clear = clearOf(boxes);
    const rows = width <= 600 && app.table.players >= 5 ? trickRows(w, h, width, height, boxes) : null;
    const wanted = [...Array(app.table.players).keys()].map((seat) => (rows ? rows(seat) : pinwheel(seat, w, h)));
    // Where some card finds no place apart, tried again with each card up or down, away from the middle, as far as
    // the boxes leave room: the cards of the seats above and below then pass each other (seven seats in German,
    // whose boxes of three lines left no room between).
    const pushed = wanted.map((spot) => {
      const step = Math.sign(spot.y - height / 2) * 2;
      let y = spot.y;
      while (step && clear(spot.x, y) && clear(spot.x, y + step)) y += step;
      return { x: spot.x, y };
    });
    // A seat's places on the felt clear of the boxes, nearest its own first (further off if none is near; else its own,
    // marked as covering a box, which the next try, with the boxes as they are, may find clear).
    const placesNear = (spot) => {
      for (const radius of [1, 1.5].map((share) => Math.round(h * share))) {
        const free = [];
        for (const [dx, dy, distance] of nearOffsets(radius)) {
          const [x, y] = [spot.x + dx, spot.y + dy];
          if (clear(x, y)) free.push({ x, y, distance, out: Math.hypot(x - width / 2, y - height / 2) });
        }
        if (free.length) return free;
      }
      return [{ ...spot, distance: 0, out: 0, covers: true }];
    };
    let best = null;
    for (const spots of [wanted, pushed]) {
      const plan = planTrick((seat) => placesNear(spots[seat]), keep, w, h);
      if (!best || plan.crowded < best.crowded) best = plan;
      if (!best.crowded) break;
    }
    return best;
  };
  if (!shown.every(stays)) {
    const kept = new Map(shown.filter(stays).map((seat) => [seat, laid.spots.get(seat)]));
    // Tried in turn until the cards lie apart: with room for the boxes to grow, then with the boxes as they are;
    // keeping the cards laid, then laying the whole trick anew (a box grew into a card's place).
    const tries = [[roomy, kept], [measured, kept], ...(kept.size ? [[roomy, new Map()], [measured, new Map()]] : [])];
    let best = null;
    for (const [boxes, keep] of tries) {
      const plan = layOut(boxes, keep);
      if (!best || plan.crowded < best.crowded) best = plan;
      if (!best.crowded) break;
    }
    laid = { key, spots: best.spots };
  }
  for (const node of nodes) {
    const spot = laid.spots.get(Number(node.dataset.seat));
    node.style.left = `${spot.x}px`;
    node.style.top = `${spot.y}px`;
    node.style.zIndex = String(Math.round(spot.y)); // the lower card over the upper one's foot: its corner shows
  }
}

/** Each seat's card at the place nearest its own that lies apart from the cards placed before it (``kept`` first),
 * this seat's first, then its left and right neighbours'. A card with no such place is placed first in the next try:
 * the cards before it had taken its room. The spots, and how many cards lie over another. */
function planTrick(placesOf, kept, w, h) {
  const n = app.table.players;
  const places = [...Array(n).keys()].map((seat) => (kept.has(seat) ? [] : placesOf(seat)));
  const me = app.seat === null ? 0 : app.seat;
  let order = [...Array(n).keys()].map((i) => (me + (i % 2 ? (i + 1) / 2 : n - i / 2)) % n).filter((seat) => !kept.has(seat));
  let best = null;
  for (let tries = 0; tries < 3 && !(best && best.crowded === 0); tries++) {
    const spots = new Map(kept);
    let stuck = null;
    let crowded = 0;
    for (const seat of order) {
      const spot = nearestPlace(places[seat], [...spots.values()], w, h);
      if (!spot.apart) {
        crowded += 1;
        if (stuck === null) stuck = seat;
      }
      spots.set(seat, spot);
    }
    if (!best || crowded < best.crowded) best = { spots, crowded };
    order = [stuck, ...order.filter((seat) => seat !== stuck)];
  }
  return best;
}

/** The nearest of ``places`` where a card lies apart from the ``others``; among places as near, the one furthest from
 * the middle (towards its seat). None near enough (a low felt's seven cards have not the room): the nearest where a
 * card over another leaves the other's corner in sight, its rank and suit; else the nearest. */
function nearestPlace(places, others, w, h) {
  const apart = (place) => !place.covers && others.every((other) => Math.abs(place.x - other.x) >= w + CARD_GAP || Math.abs(place.y - other.y) >= h + CARD_GAP);
  // The lower of two cards lies over the upper one (layTrick's zIndex): below its corner, or beside it.
  const cornersShow = (place) =>
    !place.covers &&
    others.every((other) => {
      const [upper, lower] = other.y < place.y ? [other, place] : [place, other];
      const across = lower.x - upper.x;
      return lower.y - upper.y >= h * 0.46 || across >= w * 0.36 || across <= -w - CARD_GAP;
    });
  for (const test of [apart, cornersShow]) {
    let best = null;
    for (const place of places) {
      if (best && place.distance > best.distance) break;
      if (test(place) && (!best || place.out > best.out)) best = place;
    }
    if (best) return { x: best.x, y: best.y, apart: test === apart };
  }
  return { x: places[0].x, y: places[0].y, apart: false };
}

/** Where a card lies at two or four seats (px): towards its seat and half a card aside, towards the next seat
 * clockwise, so the cards from across the table pass each other rather than meet in the felt's middle (a low felt
 * has not their two heights between the top and the bottom boxes: at four seats a play-test saw one over the other). */
function pinwheel(seat, w, h) {
  const felt = $("felt");
  const spot = trickSpot(seat);
  const x = (spot.x / 100) * felt.clientWidth;
  const y = (spot.y / 100) * felt.clientHeight;
  if (app.table.players !== 2 && app.table.players !== 4) return { x, y };
  const angle = seatAngle(seat);
  return { x: x - (Math.cos(angle) * (w + CARD_GAP)) / 2, y: y - (Math.sin(angle) * (h + CARD_GAP)) / 2 };
}

/**
 * A crowded trick (five seats or more on a phone) in rows by the height of its seat, the top seat's first, two seats
 * at one height side by side towards their sides, between the boxes above and below the rows. As far apart as those
 * boxes leave room for, a card's height at most: closer, each row lies over the foot of the one above by less than
 * the card's corner, so every card's rank and suit stay in sight. (Placed towards their seats, a play-test saw the
 * queen of spades under two clubs and a 10 without its suit.)
 */
function trickRows(w, h, width, height, boxes) {
  const heights = [...new Set([...Array(app.table.players).keys()].map((seat) => seatPosition(seat).y.toFixed(1)))].sort((a, b) => a - b);
  const column = boxes.filter((box) => Math.abs(box.x - width / 2) < box.w / 2 + w + CARD_GAP);
  const edge = h / 2 + BOX_GAP;
  const top = Math.max(edge, ...column.filter((box) => box.y < height / 2).map((box) => box.y + box.h / 2 + edge));
  const bottom = Math.min(height - edge, ...column.filter((box) => box.y > height / 2).map((box) => box.y - box.h / 2 - edge));
  const pitch = heights.length < 2 ? 0 : Math.max(h * 0.56, Math.min(h + CARD_GAP, (bottom - top) / (heights.length - 1)));
  return (seat) => {
    const at = seatPosition(seat);
    const row = heights.indexOf(at.y.toFixed(1));
    const side = Math.abs(at.x - 50) < 1 ? 0 : Math.sign(at.x - 50);
    return { x: width / 2 + side * ((w + CARD_GAP) / 2), y: (top + bottom) / 2 + (row - (heights.length - 1) / 2) * pitch };
  };
}

/** Offsets (px, by 3) within ``radius`` of a place, nearest first, with their distance: worked out once a size. */
const offsetsWithin = new Map();
function nearOffsets(radius) {
  if (!offsetsWithin.has(radius)) {
    const offsets = [];
    for (let dy = -radius; dy <= radius; dy += 3) {
      for (let dx = -radius; dx <= radius; dx += 3) if (dx * dx + dy * dy <= radius * radius) offsets.push([dx, dy, Math.hypot(dx, dy)]);
    }
    offsetsWithin.set(radius, offsets.sort((a, b) => a[2] - b[2]));
  }
  return offsetsWithin.get(radius);
}

/** The words in the felt's middle (at the pass on a phone, what to pass): at the middle, or in the gap between the
 * seats' boxes nearest to it that holds them (they ran into the opponents' boxes at three and five seats, a play-test;
 * a box's height depends on its language and its marks). */
export function placeNote() {
  const note = $("center-note");
  note.style.top = "";
  note.style.maxWidth = "";
  if (!note.textContent) return;
  const felt = $("felt").getBoundingClientRect();
  const middle = felt.height / 2;
  const boxes = [...document.querySelectorAll("#seats .seat")].map((box) => box.getBoundingClientRect());
  // The gaps between the seats' boxes above and below the note as wide as it is now, and where it fits in them.
  const fits = () => {
    const own = note.getBoundingClientRect();
    const height = own.height + 10; // (clear of the boxes: a phone's German pass note touched the player's box)
    const above = boxes.filter((box) => box.left < own.right && box.right > own.left).sort((a, b) => a.top - b.top);
    const gaps = [];
    let top = 0;
    for (const box of above) {
      gaps.push([top, box.top - felt.top]);
      top = Math.max(top, box.bottom - felt.top);
    }
    gaps.push([top, felt.height]);
    return [gaps, gaps.filter(([a, b]) => b - a >= height).map(([a, b]) => Math.min(Math.max(middle, a + height / 2), b - height / 2))];
  };
  let [gaps, spots] = fits();
  if (!spots.length) {
    // Between the side seats it did not fit: across the felt, in fewer lines, below or above them.
    note.style.maxWidth = "72%";
    [gaps, spots] = fits();
  }
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
