struct V { float4 pos : SV_Position; float4 col : COLOR0; };
cbuffer C { float size; };
[maxvertexcount(4)]
void main(point V input[1], uint id : SV_PrimitiveID, inout TriangleStream<V> stream)
{ V o = input[0]; for (uint i = 0; i < 4; i++) { o.pos.x += (i & 1) ? size : -size; stream.Append(o); } stream.RestartStrip(); }
