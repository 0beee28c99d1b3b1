"""Draw only what changes: a frame as a display list of parts, the still ones cached in one opaque picture.

A scene describes its frame, bottom to top, as `Part`s: where each one draws (`rect`, the truth: painting is
clipped to it), what it depends on (`key`; None for a part that changes every frame) and how it paints itself
in window coordinates. `Layers` keeps the picture of every still part that lies under no moving one, repaints
only the regions whose parts changed, and each frame puts back last frame's moving regions from the picture,
draws the moving parts (and the still ones above them) on the window and returns the rectangles that changed.
A still part over a moving one is painted each frame where it lies over it (and cached elsewhere). A frame
drawn that way equals painting every part in order (`paint_all`): pixels under the first moving part that
covers them are the picture's, the rest are painted again in order.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

import pygame

Paint = Callable[[pygame.Surface], object]
FULL_SHARE = 0.6  # present the whole window once the changed rectangles cover this share of it
MAX_REST = 4  # a still part over moving ones left in more pieces than this is painted whole each frame


@dataclass(frozen=True, eq=False)
class Part:
    """One layer of a frame: it paints only inside `rect` (or only inside `areas`, when given, rectangles that
    do not overlap, each painted through its own clip: what is left of a still part over a moving one);
    `key` None: it changes every frame."""

    rect: pygame.Rect
    key: Hashable | None  # plain values and surfaces (compared by identity); a Rect is not hashable
    paint: Paint
    areas: tuple[pygame.Rect, ...] = ()
    opaque: bool = False  # it covers every pixel of its rect
    pieces: tuple[pygame.Rect, ...] = field(init=False, repr=False)  # where it paints: its areas, else its rect

    def __post_init__(self) -> None:
        object.__setattr__(self, "pieces", self.areas or (self.rect,))


def image_part(image: pygame.Surface, dest: tuple[int, int], moving: bool = False) -> Part:
    """A blit of a cached picture (a new picture is a new surface: its identity is the key)."""
    rect = image.get_rect(topleft=dest)
    opaque = not image.get_flags() & pygame.SRCALPHA and image.get_alpha() is None and image.get_colorkey() is None
    return Part(rect, None if moving else (image, tuple(dest)), lambda s: s.blit(image, rect), opaque=opaque)


def drawn_cells(image: pygame.Surface, cells: int = 8) -> tuple[pygame.Rect, ...]:
    """Where `image` (with its own alpha) draws anything, in its own coordinates: its rectangle cut into a
    grid of `cells` x `cells`, the cells holding a pixel that is not wholly see-through kept, each row's run of
    them as one rectangle. A blit painted only there paints the same pixels (compute it once per picture)."""
    w, h = image.get_size()
    xs = [w * k // cells for k in range(cells + 1)]
    ys = [h * k // cells for k in range(cells + 1)]
    out: list[pygame.Rect] = []
    for top, bottom in pairwise(ys):
        run: pygame.Rect | None = None
        for left, right in pairwise(xs):
            cell = pygame.Rect(left, top, right - left, bottom - top)
            if cell.w > 0 and cell.h > 0 and image.subsurface(cell).get_bounding_rect().w > 0:
                run = cell if run is None else run.union(cell)
                continue
            if run is not None:
                out.append(run)
                run = None
        if run is not None:
            out.append(run)
    return tuple(out)


def paint_all(surface: pygame.Surface, parts: Sequence[Part]) -> None:
    """Paint every part in order, each clipped to its rect: the frame as drawn without any cache."""
    clip = surface.get_clip()
    for part in parts:
        for piece in part.pieces:
            area = piece.clip(clip)
            if area.w > 0 and area.h > 0:
                surface.set_clip(area)
                part.paint(surface)
    surface.set_clip(clip)


def merge(rects: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles, two that overlap joined into their bounding box where it is hardly larger than what
    they cover together (so nested and much-overlapping ones become one; drawing one region twice over costs
    time but no correctness: every use paints a region whole)."""
    out: list[pygame.Rect] = []
    for r in rects:
        if r.w <= 0 or r.h <= 0:
            continue
        hits = r.collidelistall(out)  # those it overlaps, in order
        if any(out[i].contains(r) for i in hits):  # it adds nothing (a moving part that stayed put)
            continue
        r = r.copy()
        while True:
            for i in hits:
                o = out[i]
                u = r.union(o)
                both = r.clip(o)
                if u.w * u.h <= 1.1 * (r.w * r.h + o.w * o.h - both.w * both.h):
                    r = u
                    out.pop(i)
                    break
            else:
                break
            hits = r.collidelistall(out)
        out.append(r)
    return out


def subtract(rect: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """`rect` without `hole`, as up to four rectangles that do not overlap."""
    cut = rect.clip(hole)
    if cut.w <= 0 or cut.h <= 0:
        return [rect]
    out = [pygame.Rect(rect.left, rect.top, rect.w, cut.top - rect.top),
           pygame.Rect(rect.left, cut.bottom, rect.w, rect.bottom - cut.bottom),
           pygame.Rect(rect.left, cut.top, cut.left - rect.left, cut.h),
           pygame.Rect(cut.right, cut.top, rect.right - cut.right, cut.h)]
    return [r for r in out if r.w > 0 and r.h > 0]


def disjoint(rects: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The area the rectangles cover, as rectangles that do not overlap (a part painted through each of
    several clips must not paint any pixel twice)."""
    out: list[pygame.Rect] = []
    for r in merge(rects):
        pieces = [r]
        for done in out:
            pieces = [q for p in pieces for q in subtract(p, done)]
        out += pieces
    return out


class Layers:
    """The cached still picture of the frames drawn through it, and the moving regions of the last one."""

    def __init__(self) -> None:
        self.picture: pygame.Surface | None = None
        self.stills: list[tuple[tuple[int, ...], Hashable | None]] = []
        self.moving: list[pygame.Rect] = []
        self.shown: pygame.Surface | None = None  # the window surface holding the last frame drawn here
        self.builds = 0          # whole pictures made (first frame, new window size)
        self.repaints = 0        # regions of the picture painted again because their parts changed

    def forget(self) -> None:
        """Something else drew on the window: the next frame is drawn whole."""
        self.shown = None

    def draw(self, surface: pygame.Surface, parts: Sequence[Part]) -> list[pygame.Rect] | None:
        """Draw the frame `parts` on `surface`; return the rectangles that differ from the last frame, or
        None when the whole window was drawn (the first frame, a new size, after `forget`, or most changed)."""
        screen = surface.get_rect()
        live: list[Part] = []
        live_rects: list[pygame.Rect] = []
        owners: list[int] = []  # which live part each of live_rects is of
        stills: list[Part] = []
        for part in parts:
            if part.key is None:
                live.append(part)
                live_rects += [piece.clip(screen) for piece in part.pieces]
                owners += [len(live)] * len(part.pieces)
                continue
            hits = self._hits(part, live_rects, owners)
            if not hits:
                stills.append(part)
                continue
            # over a moving part: where it lies over it, painted each frame after it; elsewhere still (but all
            # of it each frame when that is most of it, or what is left would be in many pieces)
            over = tuple(c for piece in part.pieces for h in hits if (c := piece.clip(h)).w > 0 and c.h > 0)
            rest = tuple(part.pieces)
            for h in hits:
                rest = tuple(r for piece in rest for r in subtract(piece, h))
            if len(rest) > MAX_REST or sum(r.w * r.h for r in rest) < sum(r.w * r.h for r in over):
                over, rest = tuple(c for piece in part.pieces if (c := piece.clip(screen)).w > 0 and c.h > 0), ()
            live.append(Part(part.rect, None, part.paint, over))
            live_rects += over
            owners += [len(live)] * len(over)
            if rest:
                stills.append(Part(part.rect, part.key, part.paint, rest))
        changed = self._update_picture(screen.size, stills)
        assert self.picture is not None
        whole = self.shown is not surface or changed is None
        restore: list[pygame.Rect] = []
        if not whole:
            restore = merge([*self.moving, *(changed or [])])
            whole = sum(r.w * r.h for r in restore) > FULL_SHARE * screen.w * screen.h
        if whole:
            surface.blit(self.picture, (0, 0))
        else:
            for r in restore:
                surface.blit(self.picture, r, r)
        paint_all(surface, live)
        self.moving = [r for r in live_rects if r.w > 0 and r.h > 0]
        self.shown = surface
        return None if whole else merge([*restore, *self.moving])

    @staticmethod
    def _hits(part: Part, live_rects: list[pygame.Rect], owners: list[int]) -> list[pygame.Rect]:
        """Where the moving rectangles that touch `part` cover, as rectangles that do not overlap (the pieces
        of one part never do)."""
        if len(part.pieces) == 1:
            touched = part.pieces[0].collidelistall(live_rects)
        else:
            touched = sorted({i for piece in part.pieces for i in piece.collidelistall(live_rects)})
        if len({owners[i] for i in touched}) <= 1:
            return [live_rects[i] for i in touched]
        return disjoint([live_rects[i] for i in touched])

    def _update_picture(self, size: tuple[int, int], stills: list[Part]) -> list[pygame.Rect] | None:
        """Bring the picture to `stills`; return the regions painted again (None: the whole picture)."""
        now = [(tuple(piece), p.key) for p in stills for piece in p.pieces]
        if self.picture is None or self.picture.get_size() != size:
            shown = pygame.display.get_surface()  # made in the window's format (no converted copy)
            self.picture = pygame.Surface(size, 0, shown) if shown is not None else pygame.Surface(size)
            paint_all(self.picture, stills)
            self.stills = now
            self.builds += 1
            return None
        if now == self.stills:
            return []
        old_set, new_set = set(self.stills), set(now)
        if old_set == new_set:  # the same parts in another order
            regions = [self.picture.get_rect()]
        else:
            regions = merge([pygame.Rect(r) for r, _ in old_set ^ new_set])
        regions = [r.clip(self.picture.get_rect()) for r in regions]
        for region in regions:
            self.picture.set_clip(region)
            painted = [p for p in stills if region.collidelist(p.pieces) != -1]
            if not (painted and painted[0].opaque and not painted[0].areas and painted[0].rect.contains(region)):
                self.picture.fill((0, 0, 0))
            paint_all(self.picture, painted)
            self.repaints += 1
        self.picture.set_clip(None)
        self.stills = now
        return regions
