struct V { float4 pos : SV_Position; };
[maxvertexcount(2)] [instance(3)]
void main(line V v[2], inout LineStream<V> s) { s.Append(v[0]); s.Append(v[1]); }
