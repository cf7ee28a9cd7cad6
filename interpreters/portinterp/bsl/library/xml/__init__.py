"""XML of OneScript 1.9.2: ``ЧтениеXML`` (reader.py over the nodes of nodes.py),
``ПараметрыЧтенияXML`` and the namespace context (settings.py), ``ЗаписьXML`` (writer.py)."""
