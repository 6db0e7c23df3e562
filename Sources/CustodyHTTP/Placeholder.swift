public enum CustodyHTTPPlaceholder {}
