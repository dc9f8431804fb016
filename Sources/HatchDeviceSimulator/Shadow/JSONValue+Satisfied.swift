import HatchDeviceModel

extension JSONValue {
    /// The `desired` patch that clears every leaf of this desired document whose value `reported`
    /// already has (each such leaf set to `null`), or `nil` when none is satisfied.
    func satisfiedPatch(by reported: JSONValue) -> JSONValue? {
        var patch: JSONValue?
        for path in leafPaths where !path.isEmpty && self[path: path] == reported[path: path] {
            if patch == nil { patch = .emptyObject }
            patch?[path: path] = .null
        }
        return patch
    }
}

extension JSONValue {
    /// Two patches as one, `null`s kept (unlike ``merging(_:)``, which applies the nulls).
    func combinedPatch(with other: JSONValue) -> JSONValue {
        guard case .object(var fields) = self, case .object(let more) = other else { return other }
        for (key, value) in more {
            if let existing = fields[key], existing.objectValue != nil, value.objectValue != nil {
                fields[key] = existing.combinedPatch(with: value)
            } else if fields[key] == nil || value.objectValue == nil {
                fields[key] = value
            }
        }
        return .object(fields)
    }
}
