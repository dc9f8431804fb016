import HatchDeviceModel

extension RecordRequest {
    /// The id of the record this request created, changed or removed, once `collection` has applied
    /// it: a create with id 0 was given the highest id. The device names it in its `/accepted` reply so
    /// a client that let the device choose learns the new id.
    func affectedID(in collection: RecordCollection<Item>) -> Int? {
        if let item { return item.id == 0 ? collection.items.last?.id : item.id }
        return id
    }
}
