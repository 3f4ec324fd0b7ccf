import TatamiModel
import TatamiBase
import TatamiYAML

/// What a view mapping's keys say it is: its kind key (a kind's, or a declared component's),
/// the capitalised keys that name no component, and a kind guessed for a near miss. Pairs are
/// named by their position in the mapping's pairs, so that finding them copies no node handles.
private struct FoundKind {
    var kindPair: Int? = nil
    /// The kind's position in `ViewKeyTable.kinds`, or -1.
    var kindIndex = -1
    /// A capitalised key that names no declared component was written.
    var hasComponent = false
    var component: ComponentDecl? = nil
    var unknownComponents: [Int] = []
    /// The key read as a kind it only resembles (`Text:`, `vstak:`).
    var guessedKindPair: Int? = nil
}

extension ViewValidator {
    /// A view written as a mapping: its kind, its kind's value and parameters, its modifiers and
    /// attributes, then its children.
    func mappingView(_ node: YAMLNode, _ raw: YAMLPairs, key: YAMLNode?, context: ViewContext, in x: ExpansionContext,
                     into out: inout ViewResults) -> BuiltView? {
        let table = viewKeys
        let mapping = keyedPairs(raw, table.index)
        var found = findKind(mapping, in: x, into: &out)
        if !found.unknownComponents.isEmpty { reportUnknownComponents(&found, mapping.pairs, scope: x.scope) }
        if let component = found.component, let kindAt = found.kindPair {
            return instanceView(node, mapping: mapping, kindPair: mapping.pairs[kindAt], decl: component, context: context, in: x,
                                into: &out)
        }
        guessMisspeltKind(&found, mapping)
        guard let kindAt = found.kindPair, found.kindIndex >= 0 else {
            kindlessView(node, mapping.pairs, hasComponent: found.hasComponent)
            return nil
        }
        let kindPair = mapping.pairs[kindAt]
        let kind = table.kinds[found.kindIndex]

        let serial = out.takeSerial(x)
        let allowed = table.allowed(kind: found.kindIndex, context: context)
        reportKeysNotAllowed(mapping, allowed: allowed, kind: kind, guessed: found.guessedKindPair, context: context)
        let fields = ViewFields(mapping: mapping, mask: mapping.present.intersection(allowed))

        var content = KindContent(which: kind.which)
        readKindContent(kind, kindPair, fields: fields, context: context, in: x, into: &content)
        var placement = Alignment2D.center
        if context.isDecoration {
            if let name = content.alignmentName {
                placement = Alignment2D(name: name) ?? .center
            } else if !kind.hasAlignmentParameter, let p = fields[table.alignment],
                      let name = alignmentName(p, set: .nine, owner: "a background or overlay") {
                placement = Alignment2D(name: name) ?? .center
            }
        }

        let (modifiers, attributes) = modifiersAndAttributes(fields, kindPair: kindPair, node: node, context: context,
                                                             in: x, into: &out)

        var lostChild = false
        var childMark: Int? = nil
        if kind.spec.isContainer {
            childMark = out.views.childMark
            if let items = content.childNodes {
                lostChild = readChildren(items, context: context.child(of: kind.spec.name), in: x, into: &out)
            }
        }

        // A container cut short by a syntax error holds only the children read before it; one
        // read as a guessed kind is not what the file says.
        if kind.spec.isContainer
            && (isCut(node) || found.guessedKindPair != nil || lostChild || x.wasShortenedBySlots(kindPair.value.id)) {
            out.provisionalViews.insert(serial)
        }
        let view = out.views.append(
            content.makeContent(), range: x.modelRange(node.range), kindRange: x.modelKindRange(kindPair.key.range),
            modifiers: modifiers, attributes: attributes, childrenFrom: childMark, serial: serial)
        return BuiltView(node: view, placement: placement)
    }

    /// A container's children, each added to the shared child stack; true when a written child
    /// could not be read (reported where it is): the container holds fewer views than the file
    /// gives it.
    private func readChildren(_ items: YAMLItems, context: ViewContext, in x: ExpansionContext,
                              into out: inout ViewResults) -> Bool {
        var lostChild = false
        // The file's own items may be taken over from the last analysis (`ValidationMemory`).
        let chunks = x.isExpanding || x.isTemplate || x.scope !== file.scope ? nil : self.chunks
        for i in items.indices {
            let item = items[i]
            let built = chunks.map { chunkedView(item, context: context, in: x, chunks: $0, into: &out) }
                ?? view(item, key: nil, context: context, in: x, into: &out)
            if let child = built {
                out.views.addChild(child.node)
            } else if item.scalar?.resolved != .null || !isCut(item) {
                lostChild = true
            }
        }
        return lostChild
    }

    /// The kind keys and component names among a mapping's keys: a second kind is
    /// `multiple-kinds`; a capitalised key that names no component is kept for
    /// `reportUnknownComponents`, unless an import failed (it may be one of its components).
    private func findKind(_ mapping: KeyedPairs, in x: ExpansionContext, into out: inout ViewResults) -> FoundKind {
        let table = viewKeys
        var found = FoundKind()
        let kindBits = mapping.present.intersection(table.kindMask)
        if mapping.unknownCount == 0 && mapping.present.isDisjoint(with: table.componentMask) && kindBits.count == 1 {
            // One kind key, no component: nothing to report.
            let id = kindBits.first!
            found.kindPair = mapping.pairIndex(of: id)
            found.kindIndex = table.kindOfKey[id]
            return found
        }
        let pairs = mapping.pairs
        for i in pairs.indices {
            let p = pairs[i]
            let k = p.key.keyText ?? ""
            if let id = table.index.index(of: k), table.kindOfKey[id] >= 0 {
                if let first = found.kindPair {
                    reportSecondKind(p, after: pairs[first])
                } else {
                    found.kindPair = i
                    found.kindIndex = table.kindOfKey[id]
                }
            } else if Schema.isComponentKey(k) {
                if let decl = x.scope.lookup(k) {
                    if let first = found.kindPair {
                        reportSecondKind(p, after: pairs[first])
                    } else {
                        found.kindPair = i
                        found.component = decl
                    }
                    continue
                }
                found.hasComponent = true
                if !x.scope.failedImports.isEmpty {
                    // It may be one of the components the failed import would have given: the
                    // import's error says so once (`FileMerge.noteUnresolvedUses`). Only this
                    // file's uses count: an imported file's were noted when it was read.
                    if x.scope === file.scope { out.unresolvedUses.append((k, p.key.range)) }
                    continue
                }
                found.unknownComponents.append(i)
            }
        }
        return found
    }

    /// `unknown-component` for each capitalised key that names no component. A capitalised kind
    /// (`Text:`, `VStack:`) or a near miss of one (`Imgae:`): when it is the view's only
    /// kind-like key, the rest of the view is checked as that kind, so that one capital letter
    /// does not hide every problem below it.
    private func reportUnknownComponents(_ found: inout FoundKind, _ pairs: YAMLPairs, scope: ComponentScope) {
        for i in found.unknownComponents {
            let p = pairs[i]
            let k = p.key.keyText ?? ""
            var (hint, fixes, kind) = unknownComponentHint(k, replacing: p.key.range, scope: scope)
            if let kind, found.kindPair == nil, found.component == nil, found.unknownComponents.count == 1,
               let id = viewKeys.index.index(of: kind) {
                hint += "; the rest of this view is checked as `\(kind)`"
                found.kindPair = i
                found.kindIndex = viewKeys.kindOfKey[id]
                found.guessedKindPair = i
            }
            report(.unknownComponent, "no component named `\(k)` is declared" + hint, at: p.key.range, fixes: fixes)
        }
    }

    /// A misspelt kind (`vstak:`): reported once, and the rest of the mapping is validated as
    /// the kind it was meant to be, so one typo does not hide every other problem below it.
    private func guessMisspeltKind(_ found: inout FoundKind, _ mapping: KeyedPairs) {
        guard found.kindPair == nil, found.component == nil, !found.hasComponent, mapping.unknownCount != 0,
              let (i, kind) = misspeltKind(mapping.pairs) else { return }
        let key = mapping.pairs.key(at: i)
        let name = key.keyText ?? ""
        report(.unknownKey, "unknown key `\(name)`; did you mean `\(kind)`? (the rest of this view is checked as `\(kind)`)",
               at: key.range,
               fixes: [FixIt(title: "replace with `\(kind)`", range: key.range, replacement: kind)])
        if let id = viewKeys.index.index(of: kind) {
            found.kindPair = i
            found.kindIndex = viewKeys.kindOfKey[id]
            found.guessedKindPair = i
        }
    }

    /// `misplaced-key` or `unknown-key` for each key not allowed beside this kind where the view
    /// stands (kind keys and component names apart: they were reported as kinds).
    private func reportKeysNotAllowed(_ mapping: KeyedPairs, allowed: KeySet, kind: KindInfo, guessed: Int?,
                                      context: ViewContext) {
        let table = viewKeys
        guard mapping.unknownCount != 0
            || !mapping.present.isCovered(by: table.kindMask, table.componentMask, allowed)
        else { return }
        let pairs = mapping.pairs
        let guessedRange = guessed.map { pairs.key(at: $0).range }
        for p in pairs {
            if let guessedRange, p.key.range == guessedRange { continue }
            let k = p.key.keyText ?? ""
            let id = table.index.index(of: k)
            if let id, table.kindOfKey[id] >= 0 { continue }
            if Schema.isComponentKey(k) { continue }
            if let id, allowed.contains(id) { continue }
            if let message = misplacedMessage(k, kind: kind.spec.name, context: context) {
                report(.misplacedKey, message, at: p.key.range)
            } else {
                reportUnknownKey(p.key, candidates: unknownKeyCandidates(kind.spec, context: context), beside: pairs)
            }
        }
    }

    /// A view's modifiers (the fixed-order keys, then a `modifiers` list) and attributes; a
    /// canvas child without attributes lacks its `position`. Shared by views and component
    /// instances. The attributes are nil when the view writes none (most views: no
    /// `ViewAttributes` is made, copied and destroyed for them).
    func modifiersAndAttributes(
        _ fields: ViewFields, kindPair: YAMLPair, node: YAMLNode, context: ViewContext, in x: ExpansionContext,
        into out: inout ViewResults
    ) -> ([ModifierRecord], ViewAttributes?) {
        let table = viewKeys
        var written: WrittenModifierOrder? = nil
        var modifiers = fields.has(table.modifierMask) ? directModifiers(fields, context: context, written: &written, in: x, into: &out) : []
        if let p = fields[table.modifierList] { modifiers += modifierList(p, context: context, in: x, into: &out) }
        let hasAttributes = fields.has(table.attributeMask)
        if !hasAttributes && context.isCanvasChild && !isCut(node) {
            report(.missingRequired, "a canvas child needs a `position`", at: kindPair.key.range)
        }
        guard hasAttributes || written != nil else { return (modifiers, nil) }
        var attributes = ViewAttributes()
        attributes.writtenModifierOrder = written
        if hasAttributes {
            readViewAttributes(fields, kindKey: kindPair.key, node: node, context: context, in: x, into: &attributes, &out)
        }
        return (modifiers, attributes)
    }


    /// `multiple-kinds` at a second kind key, related to the first.
    func reportSecondKind(_ second: YAMLPair, after first: YAMLPair) {
        let k = second.key.keyText ?? "", firstName = first.key.keyText ?? ""
        report(.multipleKinds, "a view has one kind key; `\(k)` is a second one besides `\(firstName)`",
               at: second.key.range, related: [RelatedLocation(range: first.key.range, message: "first kind key `\(firstName)`")])
    }
}
