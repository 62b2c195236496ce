// A treap keyed by (level, order id), so a tick visits only the levels it reached, never the rest of the book.

interface Node {
  level: number;
  id: number;
  prio: number;
  left: Node | null;
  right: Node | null;
}

const before = (aLevel: number, aId: number, b: Node): boolean =>
  aLevel < b.level || (aLevel === b.level && aId < b.id);

/** xorshift32: priorities need only look random; seeded so runs repeat. */
function priorities(): () => number {
  let s = 0x9e3779b9;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}

export class Ladder {
  private root: Node | null = null;
  private count = 0;
  private readonly nextPrio = priorities();
  /** null: to be found again. Most ticks reach no level, which these answer before any walk down the tree. */
  private lo: number | null = Infinity;
  private hi: number | null = -Infinity;

  get size(): number {
    return this.count;
  }

  insert(level: number, id: number): void {
    const node: Node = { level, id, prio: this.nextPrio(), left: null, right: null };
    const [l, r] = this.split(this.root, level, id);
    this.root = this.merge(this.merge(l, node), r);
    this.count++;
    if (this.lo !== null && level < this.lo) this.lo = level;
    if (this.hi !== null && level > this.hi) this.hi = level;
  }

  remove(level: number, id: number): boolean {
    let parent: Node | null = null;
    let node = this.root;
    while (node && !(node.level === level && node.id === id)) {
      parent = node;
      node = before(level, id, node) ? node.left : node.right;
    }
    if (!node) return false;
    const joined = this.merge(node.left, node.right);
    if (!parent) this.root = joined;
    else if (parent.left === node) parent.left = joined;
    else parent.right = joined;
    this.count--;
    if (level === this.lo) this.lo = null;
    if (level === this.hi) this.hi = null;
    return true;
  }

  private lowest(): number {
    if (this.lo === null) {
      let n = this.root;
      while (n?.left) n = n.left;
      this.lo = n ? n.level : Infinity;
    }
    return this.lo;
  }

  private highest(): number {
    if (this.hi === null) {
      let n = this.root;
      while (n?.right) n = n.right;
      this.hi = n ? n.level : -Infinity;
    }
    return this.hi;
  }

  atOrBelow(price: number, out: number[] = []): number[] {
    return this.lowest() > price ? out : this.inOrder('left', (level) => level > price, out);
  }

  atOrAbove(price: number, out: number[] = []): number[] {
    return this.highest() < price ? out : this.inOrder('right', (level) => level < price, out);
  }

  private inOrder(from: 'left' | 'right', past: (level: number) => boolean, out: number[]): number[] {
    const to = from === 'left' ? 'right' : 'left';
    const stack: Node[] = [];
    let node = this.root;
    while (node || stack.length > 0) {
      while (node) {
        stack.push(node);
        node = node[from];
      }
      const top = stack.pop() as Node;
      if (past(top.level)) break;
      out.push(top.id);
      node = top[to];
    }
    return out;
  }

  entries(): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    const walk = (n: Node | null): void => {
      if (!n) return;
      walk(n.left);
      out.push([n.level, n.id]);
      walk(n.right);
    };
    walk(this.root);
    return out;
  }

  private split(node: Node | null, level: number, id: number): [Node | null, Node | null] {
    if (!node) return [null, null];
    if (before(node.level, node.id, { level, id } as Node)) {
      const [l, r] = this.split(node.right, level, id);
      node.right = l;
      return [node, r];
    }
    const [l, r] = this.split(node.left, level, id);
    node.left = r;
    return [l, node];
  }

  private merge(a: Node | null, b: Node | null): Node | null {
    if (!a) return b;
    if (!b) return a;
    if (a.prio > b.prio) {
      a.right = this.merge(a.right, b);
      return a;
    }
    b.left = this.merge(a, b.left);
    return b;
  }
}
