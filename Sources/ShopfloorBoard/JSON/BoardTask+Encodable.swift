extension BoardTask: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, uuid, title, body, due, state
        case updatedAt = "updated_at"
    }

    /// The `board list --format json` form (see ``BoardJSON``): `due` is `YYYY-MM-DD` or null,
    /// `state` lower-case, `updated_at` ISO 8601 UTC.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        if let due { try container.encode(due, forKey: .due) } else { try container.encodeNil(forKey: .due) }
        try container.encode(state, forKey: .state)
        try container.encode(Millis.iso8601(Millis.of(updatedAt)), forKey: .updatedAt)
    }
}
