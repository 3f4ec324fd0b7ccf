import TatamiBase
import TatamiModel
import XCTest

/// The schema table: complete, documented, and without duplicate keys.
final class SchemaTests: XCTestCase {
    func testEveryViewKindHasASpec() {
        XCTAssertEqual(Schema.kindNames, ["text", "image", "color", "spacer", "divider", "hstack", "vstack", "zstack",
                                          "flow", "grid", "bricks", "canvas"])
        for name in Schema.kindNames {
            XCTAssertEqual(Schema.kind(named: name)?.name, name)
        }
        XCTAssertNil(Schema.kind(named: "hstak"))
        let containers = Schema.kinds.filter(\.isContainer).map(\.name)
        XCTAssertEqual(containers, ["hstack", "vstack", "zstack", "flow", "grid", "bricks", "canvas"])
    }

    func testModifiersAreInTheFixedOrder() {
        XCTAssertEqual(Schema.modifiers.map(\.name),
                       ["fixedSize", "aspectRatio", "frame", "padding", "background", "overlay", "border", "offset"])
        XCTAssertEqual(Schema.attributes.map(\.name),
                       ["id", "layoutPriority", "alignmentGuides", "zIndex", "hidden", "when", "position", "ignoresSafeArea"])
        XCTAssertEqual(Schema.inherited.map(\.name), ["font", "lineLimit", "multilineAlignment"])
        XCTAssertEqual(Schema.topLevel.map(\.name), ["tatami", "viewports", "fonts", "alignments", "components", "imports", "body"])
        XCTAssertEqual(Schema.topLevel.filter(\.required).map(\.name), ["body"])
    }

    func testEverythingIsDocumented() {
        for kind in Schema.kinds {
            XCTAssertTrue(Self.isSentence(kind.doc), "kind `\(kind.name)`: \(kind.doc)")
        }
        for (path, key) in Self.allKeys() {
            XCTAssertTrue(Self.isSentence(key.doc), "`\(path)`: \(key.doc)")
        }
    }

    func testNoKeyListHasDuplicates() {
        for (path, keys) in Self.allKeyLists() {
            let names = keys.map(\.name)
            XCTAssertEqual(names.count, Set(names).count, "duplicate keys in \(path): \(names)")
        }
        // Keys beside a kind key must not collide with its parameters, or with kind names.
        let common = Set(Schema.commonViewKeys.map(\.name))
        XCTAssertEqual(common.count, Schema.commonViewKeys.count)
        for kind in Schema.kinds {
            XCTAssertTrue(common.isDisjoint(with: kind.parameters.map(\.name)), kind.name)
            XCTAssertTrue(Set(Schema.kindNames).isDisjoint(with: kind.parameters.map(\.name)), kind.name)
        }
        XCTAssertTrue(common.isDisjoint(with: Schema.kindNames))
    }

    func testEnumerationsMatchTheModel() {
        XCTAssertEqual(Schema.kind(named: "text")?.parameter(named: "truncation")?.enumerationValues, ["tail", "head", "middle"])
        XCTAssertEqual(Schema.kind(named: "grid")?.parameter(named: "cells")?.enumerationValues, ["fill", "fit"])
        XCTAssertEqual(Schema.kind(named: "bricks")?.parameter(named: "fill")?.enumerationValues, ["justify", "last", "none"])
        XCTAssertEqual(Schema.inherited[2].enumerationValues, ["leading", "center", "trailing"])
        XCTAssertEqual(AlignmentSet.nine.builtInNames, Alignment2D.allNames)
        XCTAssertEqual(AlignmentSet.vertical.builtInNames, ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"])
        XCTAssertEqual(AlignmentSet.horizontal.builtInNames, ["leading", "center", "trailing"])
    }

    func testDefaultsAreStated() {
        func param(_ kind: String, _ name: String) -> String? {
            Schema.kind(named: kind)?.parameter(named: name)?.defaultDescription
        }
        XCTAssertEqual(param("hstack", "spacing"), "8")
        XCTAssertEqual(param("flow", "spacing"), "8")
        XCTAssertEqual(param("grid", "spacing"), "8")
        XCTAssertEqual(param("bricks", "spacing"), "0")
        XCTAssertEqual(param("grid", "columns"), "auto")
        XCTAssertEqual(param("image", "size"), "20×20")
        XCTAssertEqual(param("zstack", "alignment"), "center")
    }

    /// Every default the table states as a value (not in words) is one its key accepts, so the
    /// validator, hover and the JSON Schema read a value that is really there.
    func testTypedDefaultsAreValuesTheirKeysAccept() {
        func accepts(_ shape: ValueShape, _ value: DefaultValue) -> Bool {
            switch (shape, value) {
            case (.number(let bounds), .number(let v)): return bounds.contains(v)
            case (.expression(.number), .number): return true
            case (.boolean, .bool), (.expression(.boolean), .bool): return true
            case (.enumeration(let words), .word(let w)): return words.contains(w)
            case (.alignment(let set), .word(let w)): return set.builtInNames.contains(w)
            case (.fontName, .word(let w)): return FontMetrics.defaults[w] != nil
            case (.oneOf(let options), _): return options.contains { accepts($0, value) }
            default: return false
            }
        }
        var checked = 0
        func walk(_ keys: [KeySpec], _ path: String) {
            for key in keys {
                if let value = key.defaultValue {
                    if case .described = value {} else {
                        checked += 1
                        XCTAssertTrue(accepts(key.shape, value), "\(path).\(key.name): \(value) is not a value of \(key.shape)")
                    }
                }
                if case .object(let inner) = key.shape { walk(inner, path + "." + key.name) }
            }
        }
        walk(Schema.topLevel + Schema.workspaceTopLevel + Schema.viewportKeys + Schema.fontKeys, "file")
        walk(Schema.commonViewKeys + Schema.sizeKeys + Schema.gridColumnsKeys + Schema.fixedSizeKeys
             + Schema.aspectRatioKeys + Schema.frameKeys + Schema.paddingKeys + Schema.borderKeys + Schema.offsetKeys
             + Schema.placementKeys + Schema.anchorKeys + Schema.componentKeys + Schema.componentParamKeys, "view")
        for kind in Schema.kinds { walk(kind.parameters, kind.name) }
        XCTAssertGreaterThan(checked, 30, "the walk must reach the table's typed defaults")
        XCTAssertEqual(Schema.kind(named: "vstack")?.parameter(named: "spacing")?.defaultValue, .number(8))
        XCTAssertEqual(Schema.kind(named: "bricks")?.parameter(named: "spacing")?.defaultValue, .number(0))
        XCTAssertEqual(Schema.kind(named: "image")?.parameter(named: "size")?.defaultValue, .described("20×20"))
    }

    func testNumberBounds() {
        XCTAssertTrue(NumberBounds.length.contains(0))
        XCTAssertFalse(NumberBounds.length.contains(-0.1))
        XCTAssertFalse(NumberBounds.length.contains(.nan))
        XCTAssertFalse(NumberBounds.length.contains(.infinity))
        XCTAssertTrue(NumberBounds.maxLength.contains(.infinity))
        XCTAssertFalse(NumberBounds.maxLength.contains(-.infinity))
        XCTAssertFalse(NumberBounds.positiveLength.contains(0))
        XCTAssertFalse(NumberBounds(min: 1, max: 10, isInteger: true).contains(2.5))
        XCTAssertEqual(NumberBounds.length.description, "a number from 0 to 1000000")
        XCTAssertEqual(NumberBounds.maxLength.description, "a number from 0 to 1000000, or `infinity`")
        XCTAssertEqual(NumberBounds(min: 0, minIsExclusive: true, max: 16).description, "a number greater than 0 and at most 16")
    }

    // MARK: Walking the table

    private static func isSentence(_ s: String) -> Bool {
        s.count >= 12 && s.hasSuffix(".") && s.first.map { $0.isUppercase || $0 == "`" } == true
    }

    /// Every key of the table, with a path for messages.
    static func allKeys() -> [(String, KeySpec)] {
        allKeyLists().flatMap { path, keys in keys.map { ("\(path).\($0.name)", $0) } }
    }

    /// Every list of keys the table holds (each object, each kind's parameters, …).
    static func allKeyLists() -> [(String, [KeySpec])] {
        var lists: [(String, [KeySpec])] = [
            ("top", Schema.topLevel), ("modifiers", Schema.modifiers), ("attributes", Schema.attributes),
            ("inherited", Schema.inherited), ("view", Schema.commonViewKeys), ("placement", Schema.placementKeys),
            ("frame", Schema.frameKeys), ("padding", Schema.paddingKeys),
        ]
        for k in Schema.kinds { lists.append((k.name, k.parameters)) }
        var i = 0
        while i < lists.count {
            let (path, keys) = lists[i]
            for key in keys { collect(key.shape, path: "\(path).\(key.name)", into: &lists) }
            i += 1
            if lists.count > 500 { break }
        }
        return lists
    }

    private static func collect(_ shape: ValueShape, path: String, into lists: inout [(String, [KeySpec])]) {
        switch shape {
        case .object(let keys):
            if !lists.contains(where: { $0.0 == path }) { lists.append((path, keys)) }
        case .map(let s), .list(let s):
            collect(s, path: path, into: &lists)
        case .tuple(let shapes), .oneOf(let shapes):
            for (n, s) in shapes.enumerated() { collect(s, path: "\(path)[\(n)]", into: &lists) }
        default:
            break
        }
    }
}
